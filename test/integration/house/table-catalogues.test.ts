/**
 * Each domain's table catalogue against the tables its migrations create, on every engine it runs
 * on: a column added to a migration but not to the catalogue (or the other way round, or on one
 * engine only) fails here, by name, place, kind or nullability. PostgreSQL comes domain by domain
 * (DOMAIN_ENGINES): a domain without its migrations is held to refusing it, clearly and at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { ANNOTATION_TABLES } from "../../../services/annotation/annotation-tables.js";
import { KB_TABLES } from "../../../services/kb/kb-tables.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import {
  type ColumnKind,
  isNullable,
  kindOf,
  type TableCatalogue,
} from "../../../services/kit/storage/table-catalogue.js";
import { REGISTRY_TABLES } from "../../../services/registry/registry-tables.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { DOMAIN_ENGINES } from "../../../tools/m3/migrate/domain-engines.js";
import { migrateDomainAt } from "../../../tools/m3/migrate/migrate.js";
import {
  type EngineColumn,
  type EngineTable,
  mysqlTables,
  postgresTables,
  sqliteTables,
} from "../../support/house/engine-tables.js";

const CATALOGUES: Record<string, TableCatalogue> = {
  kb: KB_TABLES,
  registry: REGISTRY_TABLES,
  annotation: ANNOTATION_TABLES,
};

/** A table as compared: each column as `name kind`, `NULL` when it may be; the primary key. */
interface Described {
  columns: string[];
  key: string[];
}

type Engine = "mysql" | "postgres" | "sqlite";

/** The types the migrations give each kind (on SQLite, the declared type). */
const ENGINE_TYPES: Record<Engine, Record<ColumnKind, RegExp>> = {
  mysql: {
    uuid: /^char\(36\)$/,
    serial: /^bigint(\(\d+\))?$/,
    integer: /^(tinyint|smallint|int|bigint)(\(\d+\))?$/,
    double: /^double$/,
    boolean: /^tinyint(\(\d+\))?$/,
    text: /^(varchar\(\d+\)|text|mediumtext|longtext)$/,
    instant: /^datetime\(6\)$/,
  },
  postgres: {
    uuid: /^character\(36\)$/,
    serial: /^bigint$/,
    integer: /^(smallint|integer|bigint)$/,
    double: /^double precision$/,
    boolean: /^boolean$/,
    text: /^(character varying\(\d+\)|text)$/,
    instant: /^timestamp\(6\) without time zone$/,
  },
  sqlite: {
    uuid: /^TEXT$/,
    serial: /^INTEGER$/,
    integer: /^(SMALLINT|INTEGER|BIGINT)$/,
    double: /^REAL$/,
    boolean: /^INTEGER$/,
    text: /^TEXT$/,
    instant: /^TEXT$/,
  },
};

const folders: string[] = [];
test.after.always(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

function expected(catalogue: TableCatalogue): Record<string, Described> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([name, shape]) => [
      name,
      {
        columns: Object.entries(shape.columns).map(
          ([column, type]) => `${column} ${kindOf(type)}${isNullable(type) ? " NULL" : ""}`,
        ),
        key: [...shape.key],
      },
    ]),
  );
}

/** The engine's tables in the catalogue's terms: a column's kind where its type is the one the catalogue's kind is stored as. */
function described(
  engine: Engine,
  tables: Record<string, EngineTable>,
  catalogue: TableCatalogue,
): Record<string, Described> {
  const describe = (table: string, column: EngineColumn) => {
    const type = catalogue[table]?.columns[column.name];
    const kind = type && kindOf(type);
    const stored =
      kind !== undefined &&
      ENGINE_TYPES[engine][kind].test(column.type) &&
      (kind === "serial") === column.autoIncrement;
    return `${column.name} ${stored ? kind : column.type}${column.nullable ? " NULL" : ""}`;
  };
  return Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [
      name,
      { columns: table.columns.map((column) => describe(name, column)), key: table.key },
    ]),
  );
}

async function sqliteTablesOf(domain: string): Promise<Record<string, EngineTable>> {
  const folder = mkdtempSync(join(tmpdir(), "m3-tables-it-"));
  folders.push(folder);
  const file = join(folder, `${domain}.sqlite`);
  await migrateDomainAt(domain, { kind: "sqlite", file });
  return sqliteTables(file, `${domain}_migrations`);
}

async function mariadbTablesOf(domain: string): Promise<Record<string, EngineTable>> {
  const url = await createTestDatabase(`m3_tables_${domain}`);
  await migrateDomainAt(domain, parseDatabaseUrl(url));
  return mysqlTables(url, `${domain}_migrations`);
}

async function postgresTablesOf(domain: string): Promise<Record<string, EngineTable>> {
  const url = await createPostgresTestDatabase(`m3_tables_${domain}`);
  await migrateDomainAt(domain, parseDatabaseUrl(url));
  return postgresTables(url, `${domain}_migrations`);
}

test("which domains run on which engines: every domain on MariaDB, PostgreSQL and SQLite", (t) => {
  t.deepEqual(DOMAIN_ENGINES, {
    kb: ["mysql", "postgres", "sqlite"],
    annotation: ["mysql", "postgres", "sqlite"],
    registry: ["mysql", "postgres", "sqlite"],
  });
});

for (const [domain, catalogue] of Object.entries(CATALOGUES)) {
  if (DOMAIN_ENGINES[domain]?.includes("postgres")) {
    test(`the ${domain} catalogue names every table and column the PostgreSQL migrations create, in order, with their kinds`, async (t) => {
      t.deepEqual(described("postgres", await postgresTablesOf(domain), catalogue), expected(catalogue));
    });
  } else {
    test(`the ${domain} domain refuses a PostgreSQL database, naming the engines it runs on, and creates nothing there`, async (t) => {
      const url = await createPostgresTestDatabase(`m3_tables_${domain}`);
      await t.throwsAsync(migrateDomainAt(domain, parseDatabaseUrl(url)), {
        message: new RegExp(
          `^the ${domain} domain does not run on PostgreSQL yet: it runs on MySQL/MariaDB, SQLite\\.`,
        ),
      });
      t.deepEqual(await postgresTables(url, `${domain}_migrations`), {});
    });
  }

  test(`the ${domain} catalogue names every table and column the SQLite migrations create, in order, with their kinds`, async (t) => {
    t.deepEqual(described("sqlite", await sqliteTablesOf(domain), catalogue), expected(catalogue));
  });

  test(`the ${domain} catalogue names every table and column the MariaDB migrations create, in order, with their kinds`, async (t) => {
    t.deepEqual(described("mysql", await mariadbTablesOf(domain), catalogue), expected(catalogue));
  });
}
