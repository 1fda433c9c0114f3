import type { EntityManager } from "typeorm";
import { deferredDefinitions } from "../../../backup/mysql-table-definition.js";
import { firstIndexedColumn, type SetAsideDefinitions, servesLookups } from "./set-aside-definitions.js";

const CONSTRAINT_NAME = /^CONSTRAINT (`(?:[^`]|``)+`) /;

/** A MySQL/MariaDB table's indexes that keep nothing unique and its foreign keys, from SHOW CREATE TABLE. */
export async function mysqlSetAside(
  manager: EntityManager,
  table: string,
  lookedUp: readonly string[],
): Promise<SetAsideDefinitions> {
  const [shown]: { "Create Table": string }[] = await manager.query(`SHOW CREATE TABLE \`${table}\``);
  const deferred = deferredDefinitions(shown?.["Create Table"] ?? "");
  const uniqueLeading = deferred.secondaryIndexes
    .filter((index) => index.clause.startsWith("UNIQUE KEY "))
    .map((index) => firstIndexedColumn(index.clause));
  const indexes = deferred.secondaryIndexes.filter(
    (index) => index.clause.startsWith("KEY ") && !servesLookups(index.clause, lookedUp, uniqueLeading),
  );
  const drops: string[] = [];
  const foreignKeyNames = deferred.foreignKeys.map((clause) => CONSTRAINT_NAME.exec(clause)?.[1] as string);
  if (foreignKeyNames.length > 0)
    drops.push(
      `ALTER TABLE \`${table}\` ${foreignKeyNames.map((name) => `DROP FOREIGN KEY ${name}`).join(", ")}`,
    );
  if (indexes.length > 0)
    drops.push(
      `ALTER TABLE \`${table}\` ${indexes.map((index) => `DROP INDEX ${index.quotedName}`).join(", ")}`,
    );
  return {
    drops,
    // One statement for every index: MariaDB reads the table once for all of them.
    indexes:
      indexes.length > 0
        ? [`ALTER TABLE \`${table}\` ${indexes.map((index) => `ADD ${index.clause}`).join(", ")}`]
        : [],
    foreignKeys: deferred.foreignKeys.map((clause) => `ALTER TABLE \`${table}\` ADD ${clause}`),
  };
}
