import type pg from "pg";
import type { EntityManager } from "typeorm";
import { deferredPostgresDefinitions } from "../../../backup/postgres-table-definition.js";
import { firstIndexedColumn, type SetAsideDefinitions } from "./set-aside-definitions.js";

interface ConnectedRunner {
  connect(): Promise<unknown>;
}

/** A PostgreSQL table's indexes that back no constraint and its foreign keys, from the catalogue. */
export async function postgresSetAside(
  manager: EntityManager,
  table: string,
  lookedUp: readonly string[],
): Promise<SetAsideDefinitions> {
  const client = (await (manager.queryRunner as unknown as ConnectedRunner).connect()) as pg.Client;
  const deferred = await deferredPostgresDefinitions(client, table);
  const indexes = deferred.indexes.filter(
    (index) => !lookedUp.includes(firstIndexedColumn(index.definition) ?? ""),
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
