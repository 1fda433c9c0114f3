import type { EntityManager } from "typeorm";
import type { Dialect } from "../storage/domain-storage.js";
import { dialectOf } from "./dialect-hints.js";

/**
 * After rows were written with ids of their own (an import, a restore): on PostgreSQL, the
 * statement that moves the identity column's sequence past the table's highest id, so the next
 * row the database numbers does not collide (on an empty table, back to 1). MySQL/MariaDB's
 * AUTO_INCREMENT and SQLite's AUTOINCREMENT follow written ids themselves: nothing to run there.
 */
export function identityCatchUpSql(
  on: EntityManager | Dialect,
  table: string,
  column = "id",
): string | undefined {
  if (dialectOf(on) !== "postgres") return undefined;
  return (
    `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), ` +
    `GREATEST(MAX(${column}), 1), MAX(${column}) IS NOT NULL) FROM ${table}`
  );
}
