import type { EntityManager } from "typeorm";
import { dialectOf } from "../../../kit/sql/dialect-hints.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { recordMomentsChanged } from "../../events/moment-changes.js";
import { valueMarker } from "../../shared/value-marker.sql.js";

const ROWS_PER_STATEMENT = 500;

/**
 * Sets `column` to a different value per row in one UPDATE per few hundred rows
 * (`CASE uuid WHEN ? THEN ? ... END`), and stamps last_updated_timestamp. Table and column
 * names come from the repositories, never from input.
 */
export async function updateColumnByUuid(
  manager: EntityManager,
  table: string,
  column: string,
  values: ReadonlyMap<string, string | number | null>,
  lastUpdated: string,
): Promise<number> {
  const entries = [...values.entries()];
  if (table === "imaged_moments") await recordMomentsChanged(manager, [...values.keys()]);
  let updated = 0;
  for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
    const chunk = entries.slice(start, start + ROWS_PER_STATEMENT);
    const value = valueMarker(dialectOf(manager), table, column);
    const cases = chunk.map(() => `WHEN ? THEN ${value}`).join(" ");
    updated += await execute(
      manager,
      `UPDATE ${table} SET ${column} = CASE uuid ${cases} END, last_updated_timestamp = ?
       WHERE uuid IN (${placeholders(chunk.length)})`,
      [...chunk.flat(), lastUpdated, ...chunk.map(([uuid]) => uuid)],
    );
  }
  return updated;
}

/** Runs an UPDATE or DELETE in the caller's transaction and returns the rows it changed. */
export async function execute(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error("execute needs the EntityManager of a transaction");
  const result = await runner.query(sql, params, true);
  return result.affected ?? 0;
}
