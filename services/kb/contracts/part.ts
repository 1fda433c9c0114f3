import type { Logger } from "pino";
import type { TokenService } from "../../kit/auth/token-service.js";
import type { ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { VersionWatch } from "../cache/version-watch.js";
import type { ConceptDirectory } from "./concept-directory.js";
import type { HistoryActionHandler, HistoryRecorder } from "./history.js";
import type { PrincipalResolver } from "./principal.js";

// biome-ignore lint/complexity/noBannedTypes: TypeORM takes entity and migration classes as Function.
type ClassList = Function[];

/** A kb part's tables: its entities and one migration list per dialect. */
export interface KbSchema {
  entities: ClassList;
  migrations: { mysql: ClassList; postgres: ClassList; sqlite: ClassList };
}

/** What every kb part is built with; kb.module.ts creates these once and passes them around. */
export interface KbPartDeps {
  storage: DomainStorage;
  tokens: TokenService;
  logger: Logger;
  directory: ConceptDirectory;
  principals: PrincipalResolver;
  history: HistoryRecorder;
  /** The kb's version check, shared by its caches. */
  versions: VersionWatch;
}

/** A kb part as the module assembles it: gRPC bindings, and the history fields it can process. */
export interface KbPart {
  bindings: ServiceBinding[];
  historyHandlers?: HistoryActionHandler[];
  /** Fills the part's caches ahead of the first requests (kb.module.ts starts it on open). */
  warm?: () => Promise<unknown>;
}
