import type { Dialect } from "../../../kit/storage/domain-storage.js";

/**
 * The review actions of the last day (box-review.service.ts): what each changed and what it
 * held before, so it can be undone. A backup leaves them out, as undo is for the reviewer's
 * session: an action older than a day is pruned when the next one is recorded.
 */
export const BOX_REVIEW_ACTIONS_TABLE = "box_review_actions";

const TYPES: Record<Dialect, { uuid: string; text: string; long: string }> = {
  mysql: { uuid: "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin", text: "VARCHAR(255)", long: "LONGTEXT" },
  postgres: { uuid: 'CHAR(36) COLLATE "C"', text: "VARCHAR(255)", long: "TEXT" },
  sqlite: { uuid: "TEXT", text: "TEXT", long: "TEXT" },
};

/** The CREATE TABLE statement of the review actions. */
export function boxReviewActionsTable(dialect: Dialect): string {
  const type = TYPES[dialect];
  const options = dialect === "mysql" ? " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin" : "";
  return `CREATE TABLE ${BOX_REVIEW_ACTIONS_TABLE} (
    uuid ${type.uuid} NOT NULL PRIMARY KEY,
    kind ${type.text} NOT NULL,
    actor ${type.text} NOT NULL,
    association_uuids ${type.long} NOT NULL,
    changed INTEGER NOT NULL,
    previous ${type.long} NOT NULL,
    done_millis BIGINT NOT NULL,
    undone_millis BIGINT NULL
  )${options}`;
}
