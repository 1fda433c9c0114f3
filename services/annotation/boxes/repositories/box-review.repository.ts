import type { EntityManager } from "typeorm";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import { BOX_INDEX_TABLE } from "./box-index.sql.js";
import { BOX_REVIEW_ACTIONS_TABLE } from "./box-review-actions.sql.js";

/** What a review action did; `previous` is the JSON of what it changed, as it was. */
export interface BoxReviewRecord {
  uuid: string;
  kind: string;
  actor: string;
  associationUuids: string[];
  changed: number;
  previous: string;
  doneMillis: number;
  undoneMillis: number | null;
}

/** The box index's and the review actions' rows a review transaction reads and writes. */
export class BoxReviewRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Those of `uuids` that are indexed boxes. */
  async indexedBoxes(uuids: readonly string[]): Promise<Set<string>> {
    const found = await queryInChunks(uuids, async (chunk) => {
      const rows = (await this.manager.query(
        `SELECT association_uuid FROM ${BOX_INDEX_TABLE} WHERE association_uuid IN (${placeholders(chunk.length)})`,
        [...chunk],
      )) as { association_uuid: string }[];
      return rows.map((row) => row.association_uuid);
    });
    return new Set(found);
  }

  async record(action: BoxReviewRecord, prunedBeforeMillis: number): Promise<void> {
    await this.manager.query(`DELETE FROM ${BOX_REVIEW_ACTIONS_TABLE} WHERE done_millis < ?`, [
      prunedBeforeMillis,
    ]);
    await this.manager.query(
      `INSERT INTO ${BOX_REVIEW_ACTIONS_TABLE}
        (uuid, kind, actor, association_uuids, changed, previous, done_millis, undone_millis)
        VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
      [
        action.uuid,
        action.kind,
        action.actor,
        JSON.stringify(action.associationUuids),
        action.changed,
        action.previous,
        action.doneMillis,
      ],
    );
  }

  async find(uuid: string): Promise<BoxReviewRecord | undefined> {
    const [row] = (await this.manager.query(
      `SELECT uuid, kind, actor, association_uuids, changed, previous, done_millis, undone_millis
         FROM ${BOX_REVIEW_ACTIONS_TABLE} WHERE uuid = ?`,
      [uuid],
    )) as Record<string, unknown>[];
    if (!row) return undefined;
    return {
      uuid: String(row.uuid),
      kind: String(row.kind),
      actor: String(row.actor),
      associationUuids: JSON.parse(String(row.association_uuids)) as string[],
      changed: Number(row.changed),
      previous: String(row.previous),
      doneMillis: Number(row.done_millis),
      undoneMillis: row.undone_millis === null ? null : Number(row.undone_millis),
    };
  }

  /** Marks the action undone, unless it was already: false then (a concurrent undo won). */
  async markUndone(uuid: string, undoneMillis: number): Promise<boolean> {
    const before = await this.find(uuid);
    if (!before || before.undoneMillis !== null) return false;
    await this.manager.query(
      `UPDATE ${BOX_REVIEW_ACTIONS_TABLE} SET undone_millis = ? WHERE uuid = ? AND undone_millis IS NULL`,
      [undoneMillis, uuid],
    );
    return true;
  }
}
