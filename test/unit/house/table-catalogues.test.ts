/**
 * Each domain's table catalogue against its TypeORM entities: a column added to an entity but
 * not to the catalogue (or the other way round) fails here, by name, place or nullability.
 * test/integration/house/table-catalogues.test.ts holds the catalogues to the migrations.
 */
import test from "ava";
import { DataSource } from "typeorm";
import { annotationEntities } from "../../../services/annotation/annotation-domain.js";
import { ANNOTATION_TABLES } from "../../../services/annotation/annotation-tables.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import { KB_TABLES } from "../../../services/kb/kb-tables.js";
import {
  dataTables,
  isNullable,
  type TableCatalogue,
} from "../../../services/kit/storage/table-catalogue.js";
import { registryEntities } from "../../../services/registry/registry-domain.js";
import { REGISTRY_TABLES } from "../../../services/registry/registry-tables.js";

// biome-ignore lint/complexity/noBannedTypes: TypeORM takes entity classes as Function.
type EntityClasses = Function[];

const DOMAINS: [string, TableCatalogue, EntityClasses][] = [
  ["kb", KB_TABLES, kbSchema.entities],
  ["registry", REGISTRY_TABLES, registryEntities],
  ["annotation", ANNOTATION_TABLES, annotationEntities],
];

/** Each table's columns as `name`, `name NULL` when it may be NULL, in order. */
type Columns = Record<string, string[]>;

async function entityColumns(entities: EntityClasses): Promise<Columns> {
  const source = new DataSource({ type: "better-sqlite3", database: ":memory:", entities });
  await source.initialize();
  try {
    return Object.fromEntries(
      source.entityMetadatas.map((metadata) => [
        metadata.tableName,
        metadata.columns.map((column) => `${column.databaseName}${column.isNullable ? " NULL" : ""}`),
      ]),
    );
  } finally {
    await source.destroy();
  }
}

/** The catalogue's tables of the domain's own rows (counts and versions have no entity). */
function catalogueColumns(catalogue: TableCatalogue): Columns {
  return Object.fromEntries(
    dataTables(catalogue).map(([name, shape]) => [
      name,
      Object.entries(shape.columns).map(([column, type]) => `${column}${isNullable(type) ? " NULL" : ""}`),
    ]),
  );
}

for (const [domain, catalogue, entities] of DOMAINS) {
  test(`the ${domain} catalogue's tables of rows are its entities' tables, with the same columns in the same order`, async (t) => {
    t.deepEqual(await entityColumns(entities), catalogueColumns(catalogue));
  });
}
