import { ConceptNameServiceService } from "../../../proto/gen/m3/kb/v1/concept_name_service.js";
import { ConceptServiceService } from "../../../proto/gen/m3/kb/v1/concept_service.js";
import { RawServiceService } from "../../../proto/gen/m3/kb/v1/raw_service.js";
import { bindService } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { VersionWatch } from "../cache/version-watch.js";
import { VersionedReadCache } from "../cache/versioned-read-cache.js";
import type { ConceptAttachments } from "../contracts/concept-attachments.js";
import type { ConceptDirectory } from "../contracts/concept-directory.js";
import type { KbPart, KbPartDeps, KbSchema } from "../contracts/part.js";
import { ConceptEntity } from "./entities/concept.entity.js";
import { ConceptNameEntity } from "./entities/concept-name.entity.js";
import { CONCEPT_ACCESS } from "./handlers/concept.access.js";
import { conceptHandlers } from "./handlers/concept.handlers.js";
import { CONCEPT_NAME_ACCESS } from "./handlers/concept-name.access.js";
import { conceptNameHandlers, rawHandlers } from "./handlers/concept-name.handlers.js";
import { RAW_ACCESS } from "./handlers/raw.access.js";
import { InitKbTreeMysql } from "./migrations/mysql/init-kb-tree.migration.js";
import { InitKbTreePostgres } from "./migrations/postgres/init-kb-tree.migration.js";
import { InitKbTreeSqlite } from "./migrations/sqlite/init-kb-tree.migration.js";
import { readTreeVersion } from "./repositories/tree-version.repository.js";
import { TreeConceptDirectory } from "./services/concept-directory.js";
import { ConceptNameService } from "./services/concept-name.service.js";
import { ConceptQueryService } from "./services/concept-query.service.js";
import { ConceptViewLoader } from "./services/concept-view.js";
import { ConceptWriteService } from "./services/concept-write.service.js";
import { treeHistoryHandlers } from "./services/tree-history.actions.js";

/** The concept tree's .proto files, relative to proto/. */
export const KB_TREE_PROTO_FILES = [
  "m3/kb/v1/concept_service.proto",
  "m3/kb/v1/concept_name_service.proto",
  "m3/kb/v1/raw_service.proto",
] as const;

export const treeSchema: KbSchema = {
  entities: [ConceptEntity, ConceptNameEntity],
  migrations: { mysql: [InitKbTreeMysql], postgres: [InitKbTreePostgres], sqlite: [InitKbTreeSqlite] },
};

/** The check of the kb's version (kept in the tree's table) that every kb cache shares. */
export function createTreeVersionWatch(storage: DomainStorage): VersionWatch {
  return new VersionWatch(() => storage.read((manager) => readTreeVersion(manager)));
}

/** The ConceptDirectory every kb part shares (it keeps no state). */
export function createConceptDirectory(): ConceptDirectory {
  return new TreeConceptDirectory();
}

export interface TreeServices {
  queries: ConceptQueryService;
  writes: ConceptWriteService;
  names: ConceptNameService;
}

type TreeDeps = Pick<KbPartDeps, "storage" | "directory" | "history"> & {
  attachments: ConceptAttachments;
  /** The kb's shared version check; the tree makes its own when absent. */
  versions?: VersionWatch;
};

/** The tree's rules over its storage (what the handlers call; tests use them directly). */
export function createTreeServices(deps: TreeDeps): TreeServices {
  const views = new ConceptViewLoader(deps.attachments);
  const cache = new VersionedReadCache(deps.versions ?? createTreeVersionWatch(deps.storage));
  return {
    queries: new ConceptQueryService(deps.storage, deps.directory, views, cache),
    writes: new ConceptWriteService(deps.storage, deps.directory, deps.history, views),
    names: new ConceptNameService(deps.storage, deps.directory, deps.history, views, cache),
  };
}

/** The concept, concept-name and raw gRPC services, and the history fields of the tree. */
export function createTreePart(deps: KbPartDeps & { attachments: ConceptAttachments }): KbPart {
  const services = createTreeServices(deps);
  const access = { tokens: deps.tokens, logger: deps.logger };
  return {
    bindings: [
      bindService(
        ConceptServiceService,
        conceptHandlers(services.queries, services.writes, deps.principals),
        {
          ...access,
          declaration: CONCEPT_ACCESS,
        },
      ),
      bindService(ConceptNameServiceService, conceptNameHandlers(services.names, deps.principals), {
        ...access,
        declaration: CONCEPT_NAME_ACCESS,
      }),
      bindService(RawServiceService, rawHandlers(services.names), {
        ...access,
        declaration: RAW_ACCESS,
      }),
    ],
    historyHandlers: treeHistoryHandlers(deps.directory),
    warm: () => services.queries.warm(),
  };
}
