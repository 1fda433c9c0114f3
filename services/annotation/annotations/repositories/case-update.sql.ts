/**
 * One UPDATE for many rows that each get their own values:
 * `SET col = CASE key WHEN ? THEN ? … ELSE col END … WHERE key IN (…)`. Every dialect
 * takes `?` placeholders; callers chunk the rows (see CASE_UPDATE_CHUNK).
 */
import { placeholders } from "../../../kit/sql/placeholders.js";
import type { SqlStatement } from "../../../kit/sql/statement.js";
import type { Dialect } from "../../../kit/storage/domain-storage.js";
import { valueMarker } from "../../shared/value-marker.sql.js";

/** Rows per statement: 8 columns × 2 parameters × 200 rows stays far below either driver's cap. */
export const CASE_UPDATE_CHUNK = 200;

export interface CaseUpdateRow {
  key: string;
  /** One value per column, in the order of `columns`. */
  values: readonly unknown[];
}

/** Table and column names come from code, never from input. */
export function caseUpdateStatement(
  table: string,
  keyColumn: string,
  columns: readonly string[],
  rows: readonly CaseUpdateRow[],
  dialect: Dialect,
  shared: Readonly<Record<string, unknown>> = {},
): SqlStatement {
  const params: unknown[] = [];
  const assignments = columns.map((column, index) => {
    const value = valueMarker(dialect, table, column);
    const whens = rows.map((row) => {
      params.push(row.key, row.values[index] ?? null);
      return `WHEN ? THEN ${value}`;
    });
    return `${column} = CASE ${keyColumn} ${whens.join(" ")} ELSE ${column} END`;
  });
  for (const [column, value] of Object.entries(shared)) {
    assignments.push(`${column} = ?`);
    params.push(value);
  }
  params.push(...rows.map((row) => row.key));
  const keys = placeholders(rows.length);
  return { sql: `UPDATE ${table} SET ${assignments.join(", ")} WHERE ${keyColumn} IN (${keys})`, params };
}
