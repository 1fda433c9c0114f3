import type { Dialect } from "../../kit/storage/domain-storage.js";
import type { ColumnKind } from "../../kit/storage/table-catalogue.js";
import { ANNOTATION_TABLES } from "../annotation-tables.js";

/**
 * PostgreSQL types a CASE's THEN values by themselves: untyped markers make it text, which a
 * timestamp or number column does not take. There each value is cast to its column's type.
 */
const POSTGRES_TYPES: Partial<Record<ColumnKind, string>> = {
  instant: "TIMESTAMP(6)",
  double: "DOUBLE PRECISION",
  integer: "BIGINT",
};

/** A value's `?` in a CASE, cast on PostgreSQL to the type of the table's column (the catalogue's kind). */
export function valueMarker(dialect: Dialect, table: string, column: string): string {
  if (dialect !== "postgres") return "?";
  const columns = (ANNOTATION_TABLES as Record<string, { columns: Record<string, string> }>)[table]?.columns;
  const kind = columns?.[column]?.replace("?", "") as ColumnKind | undefined;
  const type = kind && POSTGRES_TYPES[kind];
  return type ? `CAST(? AS ${type})` : "?";
}
