import type { DomainModule } from "../kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../kit/storage/database-url.js";
import { openDomainStorage } from "../kit/storage/domain-storage.js";
import {
  attachmentsSchema,
  createAttachmentsPart,
  createConceptAttachments,
} from "./attachments/attachments-part.js";
import { warmCaches } from "./cache/warm-caches.js";
import { KB_DEFAULT_GRPC_PORT, readKbSettings } from "./config.js";
import type { KbPartDeps, KbSchema } from "./contracts/part.js";
import { createDeepSeaGuidePart } from "./deep-sea-guide/deep-sea-guide-part.js";
import { createHistoryPart, createHistoryRecorder, historySchema } from "./history/history-part.js";
import { KB_PROTO_FILES } from "./kb-proto-files.js";
import {
  createPeoplePart,
  createPrincipalResolver,
  ensureAdminUser,
  peopleSchema,
} from "./people/people-part.js";
import { createPhylogenyCache, createPhylogenyPart } from "./phylogeny/phylogeny-part.js";
import {
  createConceptDirectory,
  createTreePart,
  createTreeVersionWatch,
  treeSchema,
} from "./tree/tree-part.js";

const SCHEMAS: readonly KbSchema[] = [treeSchema, historySchema, peopleSchema, attachmentsSchema];

/**
 * Every kb table. The migrations oldest first, by the timestamp that ends each name, as TypeORM
 * applies them (a part's later migration, such as people's login_failures, runs after the
 * parts listed behind it), so the last one named is the schema version a backup checks.
 */
export const kbSchema: KbSchema = {
  entities: SCHEMAS.flatMap((schema) => schema.entities),
  migrations: {
    mysql: oldestFirst(SCHEMAS.flatMap((schema) => schema.migrations.mysql)),
    postgres: oldestFirst(SCHEMAS.flatMap((schema) => schema.migrations.postgres)),
    sqlite: oldestFirst(SCHEMAS.flatMap((schema) => schema.migrations.sqlite)),
  },
};

type Migrations = KbSchema["migrations"]["sqlite"];

function oldestFirst(migrations: Migrations): Migrations {
  const timestampOf = (migration: Migrations[number]) => {
    const { name } = new (migration as new () => { name?: string })();
    return Number(/\d{13}$/.exec(name ?? "")?.[0] ?? 0);
  };
  return [...migrations].sort((a, b) => timestampOf(a) - timestampOf(b));
}

/** The knowledge base (legacy oni) as the standalone and all-in-one launchers start it. */
export const kbModule: DomainModule = {
  name: "kb",
  defaultGrpcPort: KB_DEFAULT_GRPC_PORT,
  protoFiles: KB_PROTO_FILES,
  health: {
    application: "oni",
    description: "Organism Naming Infrastructure: Knowledge-base and User Accounts",
  },
  async open({ env, config, tokens, logger, dataDir }) {
    const settings = readKbSettings(env);
    const storage = await openDomainStorage({
      target: domainDatabaseTarget(config.databaseUrl, dataDir, "kb"),
      domain: "kb",
      ...kbSchema,
    });
    try {
      if (settings.admin) {
        const { created } = await ensureAdminUser(storage, settings.admin);
        if (created) logger.info({ username: settings.admin.username }, "created the first kb administrator");
      }
      const deps: KbPartDeps = {
        storage,
        tokens,
        logger,
        directory: createConceptDirectory(),
        principals: createPrincipalResolver(storage),
        history: createHistoryRecorder(),
        versions: createTreeVersionWatch(storage),
      };
      const tree = createTreePart({ ...deps, attachments: createConceptAttachments() });
      const attachments = createAttachmentsPart(deps);
      const conceptTree = createPhylogenyCache(deps);
      const parts = [
        tree,
        attachments,
        createPeoplePart(deps, settings.loginLimits),
        createPhylogenyPart(deps, conceptTree),
        createDeepSeaGuidePart(deps, conceptTree),
      ];
      const history = createHistoryPart({
        ...deps,
        handlers: parts.flatMap((part) => part.historyHandlers ?? []),
      });
      const warming = warmCaches(parts, logger);
      return {
        bindings: [...parts, history].flatMap((part) => part.bindings),
        dependencies: { database: () => storage.ping() },
        close: async () => {
          await warming;
          await storage.close();
        },
      };
    } catch (error) {
      await storage.close();
      throw error;
    }
  },
};
