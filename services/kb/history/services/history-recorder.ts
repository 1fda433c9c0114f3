import type { EntityManager } from "typeorm";
import { Instant } from "../../../kit/time/instant.js";
import type { HistoryEntry, HistoryRecord, HistoryRecorder } from "../../contracts/history.js";
import { HistoryRepository } from "../repositories/history.repository.js";

/** Writes history records in the caller's transaction; approved-at-creation records are processed at once. */
export class StoredHistoryRecorder implements HistoryRecorder {
  async record(manager: EntityManager, entry: HistoryEntry): Promise<HistoryRecord> {
    const now = Instant.now();
    const username = entry.principal.username;
    const id = await new HistoryRepository(manager).insert({
      conceptId: entry.conceptId,
      creationTime: now,
      creatorName: username,
      processedTime: entry.approveNow ? now : null,
      processorName: entry.approveNow ? username : null,
      approved: entry.approveNow ? true : null,
      action: entry.action,
      field: entry.field,
      oldValue: entry.oldValue ?? null,
      newValue: entry.newValue ?? null,
    });
    return {
      id,
      conceptId: entry.conceptId,
      action: entry.action,
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
    };
  }
}
