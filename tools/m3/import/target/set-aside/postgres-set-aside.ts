import type pg from "pg";
import type { EntityManager } from "typeorm";
import { deferredPostgresDefinitions } from "../../../backup/postgres-table-definition.js";
import {
  firstIndexedColumn,
  isUniqueIndex,
  type SetAsideDefinitions,
  servesLookups,
} from "./set-aside-definitions.js";

interface ConnectedRunner {
  connect(): Promise<unknown>;
}

/** A PostgreSQL table's plain indexes (unique by no constraint or index of their own) and its foreign keys, from the catalogue. */
export async function postgresSetAside(
  manager: EntityManager,
  table: string,
  lookedUp: readonly string[],
): Promise<SetAsideDefinitions> {
  const client = (await (manager.queryRunner as unknown as ConnectedRunner).connect()) as pg.Client;
  const deferred = await deferredPostgresDefinitions(client, table);
  const uniqueLeading = [
    ...deferred.uniqueKeys.map((key) => firstIndexedColumn(key.definition)),
    ...deferred.indexes
      .filter((index) => isUniqueIndex(index.definition))
      .map((index) => firstIndexedColumn(index.definition)),
  ];
  const indexes = deferred.indexes.filter(
    (index) => !isUniqueIndex(index.definition) && !servesLookups(index.definition, lookedUp, uniqueLeading),
  );
  const quoted = client.escapeIdentifier(table);
  return {
    drops: [
      ...deferred.foreignKeys.map(
        (constraint) => `ALTER TABLE ${quoted} DROP CONSTRAINT ${client.escapeIdentifier(constraint.name)}`,
      ),
      ...indexes.map((index) => `DROP INDEX ${index.quotedName}`),
    ],
    indexes: indexes.map((index) => index.definition),
    foreignKeys: deferred.foreignKeys.map(
      (constraint) =>
        `ALTER TABLE ${quoted} ADD CONSTRAINT ${client.escapeIdentifier(constraint.name)} ${constraint.definition}`,
    ),
  };
}
