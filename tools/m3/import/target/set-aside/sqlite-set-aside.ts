import type { EntityManager } from "typeorm";
import { firstIndexedColumn, type SetAsideDefinitions } from "./set-aside-definitions.js";

/**
 * A SQLite table's indexes that keep nothing unique, from sqlite_master (the automatic indexes of
 * its keys have no SQL). Its foreign keys are part of the table and stay.
 */
export async function sqliteSetAside(
  manager: EntityManager,
  table: string,
  lookedUp: readonly string[],
): Promise<SetAsideDefinitions> {
  const indexes: { name: string; sql: string }[] = await manager.query(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
    [table],
  );
  const plain = indexes.filter(
    (index) =>
      !/^CREATE\s+UNIQUE\b/i.test(index.sql) && !lookedUp.includes(firstIndexedColumn(index.sql) ?? ""),
  );
  return {
    drops: plain.map((index) => `DROP INDEX "${index.name.replaceAll('"', '""')}"`),
    indexes: plain.map((index) => index.sql),
    foreignKeys: [],
  };
}
