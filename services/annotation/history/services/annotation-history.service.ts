import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { AnnotationHistoryEntity } from "../../entities/annotation-history.entity.js";
import { notFound } from "../../observations/services/observation-errors.js";
import { requireUuid } from "../../observations/services/observation-input.rules.js";
import { AnnotationHistoryRepository } from "../repositories/annotation-history.repository.js";

/** One change as GET /v1/observations/{uuid}/history lists it. */
export interface HistoryEntry {
  /** CREATED, UPDATED or DELETED. */
  action: string;
  /** OBSERVATION, ASSOCIATION, IMAGE_REFERENCE or ANCILLARY_DATUM. */
  data_type: string;
  uuid: string;
  /** The kb user whose token made the change; null for the API key's service token. */
  changed_by: string | null;
  /** ISO-8601, microseconds. */
  changed_at: string;
  /** The record before the change (null when created) and after it (null when deleted). */
  before: unknown;
  after: unknown;
}

/** Reads the history of annotation changes. */
export class AnnotationHistoryService {
  constructor(private readonly storage: DomainStorage) {}

  /** An observation's changes, oldest first; 404 when neither it nor any history of it exists. */
  async listForObservation(uuid: string): Promise<HistoryEntry[]> {
    const id = requireUuid(uuid, "uuid");
    return this.storage.read(async (manager) => {
      const history = new AnnotationHistoryRepository(manager);
      const rows = await history.listForObservation(id);
      if (rows.length === 0 && !(await history.observationExists(id))) throw notFound("Observation", id);
      return rows.map(toEntry);
    });
  }
}

function toEntry(row: AnnotationHistoryEntity): HistoryEntry {
  return {
    action: row.action,
    data_type: row.dataType,
    uuid: row.recordUuid,
    changed_by: row.changedBy,
    changed_at: row.changedAt.toString(),
    before: row.beforeJson === null ? null : JSON.parse(row.beforeJson),
    after: row.afterJson === null ? null : JSON.parse(row.afterJson),
  };
}
