import type { EntityManager } from "typeorm";
import { isUniqueIndex, type SetAsideDefinitions, servesLookups } from "./set-aside-definitions.js";

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
  // Every unique index, the automatic ones of UNIQUE constraints too, by its first column.
  const listed: { name: string; unique: number }[] = await manager.query(`PRAGMA index_list("${table}")`);
  const uniqueLeading: string[] = [];
  for (const index of listed.filter((entry) => entry.unique === 1)) {
    const [first]: { name: string }[] = await manager.query(`PRAGMA index_info("${index.name}")`);
    if (first) uniqueLeading.push(first.name);
  }
  const plain = indexes.filter(
    (index) => !isUniqueIndex(index.sql) && !servesLookups(index.sql, lookedUp, uniqueLeading),
  );
  return {
    drops: plain.map((index) => `DROP INDEX "${index.name.replaceAll('"', '""')}"`),
    indexes: plain.map((index) => index.sql),
    foreignKeys: [],
  };
}
