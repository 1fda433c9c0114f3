import { type ColumnType, kindOf } from "../../../../services/kit/storage/table-catalogue.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import type { M3Row, M3Value } from "../legacy/legacy-values.js";

/**
 * A value of an m3 column in one form whatever engine it was read from: instants as
 * `YYYY-MM-DD HH:MM:SS.ffffff` (PostgreSQL prints fewer fraction digits), booleans as true or
 * false (MySQL and SQLite keep 0/1), whole numbers and doubles as numbers (drivers may give text).
 */
export function normalValue(type: ColumnType, value: unknown): M3Value {
  if (value === null || value === undefined) return null;
  switch (kindOf(type)) {
    case "instant":
      return Instant.fromSql(String(value).replace(/\+00(:00)?$/, "")).toSql();
    case "boolean":
      return value === true || value === 1 || value === "1" || value === "t" || value === "true";
    case "integer":
    case "serial":
    case "double":
      return Number(value);
    default:
      return typeof value === "string" ? value : String(value);
  }
}

/** A row's values in normal form for the columns given (those of the m3 table). */
export function normalRow(
  columns: Readonly<Record<string, ColumnType>>,
  row: Record<string, unknown>,
): M3Row {
  const values: Record<string, M3Value> = {};
  for (const [column, type] of Object.entries(columns)) {
    if (column in row) values[column] = normalValue(type, row[column]);
  }
  return values;
}

/** One text that identifies a row among its table's (its identity columns' values). */
export function identityOf(row: M3Row, identity: readonly string[]): string {
  return identity.map((column) => String(row[column])).join("\u0000");
}

/** The columns on which two rows of a table differ (of those given). */
export function differingColumns(a: M3Row, b: M3Row, columns: readonly string[]): string[] {
  return columns.filter((column) => (a[column] ?? null) !== (b[column] ?? null));
}
