import { HistoryServiceService } from "../../../proto/gen/m3/kb/v1/history_service.js";
import { bindService } from "../../kit/grpc/bind-service.js";
import type { HistoryActionHandler, HistoryRecorder } from "../contracts/history.js";
import type { KbPart, KbPartDeps, KbSchema } from "../contracts/part.js";
import { ConceptHistoryEntity } from "./entities/concept-history.entity.js";
import { HISTORY_ACCESS } from "./handlers/history.access.js";
import { historyHandlers } from "./handlers/history.handlers.js";
import { InitHistoryMysql } from "./migrations/mysql/init-history.migration.js";
import { InitHistoryPostgres } from "./migrations/postgres/init-history.migration.js";
import { InitHistorySqlite } from "./migrations/sqlite/init-history.migration.js";
import { HistoryService } from "./services/history.service.js";
import { StoredHistoryRecorder } from "./services/history-recorder.js";

/** The history table `concept_history` (it references the tree's `concepts`). */
export const historySchema: KbSchema = {
  entities: [ConceptHistoryEntity],
  migrations: { mysql: [InitHistoryMysql], postgres: [InitHistoryPostgres], sqlite: [InitHistorySqlite] },
};

/** What every kb part uses to record its changes, in its own transaction. */
export function createHistoryRecorder(): HistoryRecorder {
  return new StoredHistoryRecorder();
}

/** The history gRPC service; approve and reject dispatch to the handler registered for the record's field. */
export function createHistoryPart(deps: KbPartDeps & { handlers: readonly HistoryActionHandler[] }): KbPart {
  const histories = new HistoryService(deps.storage, deps.directory, deps.handlers);
  return {
    bindings: [
      bindService(HistoryServiceService, historyHandlers(histories, deps.principals), {
        tokens: deps.tokens,
        logger: deps.logger,
        declaration: HISTORY_ACCESS,
      }),
    ],
  };
}
