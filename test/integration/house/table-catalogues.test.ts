/**
 * Each domain's table catalogue against the tables its migrations create, on both engines: a
 * column added to a migration but not to the catalogue (or the other way round, or on one engine
 * only) fails here, by name, place, kind or nullability.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import Database from "better-sqlite3";
import mysql from "mysql2/promise";
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
import { migrateDomainAt } from "../../../tools/m3/migrate/migrate.js";

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

/** A column as the engine holds it. */
interface EngineColumn {
  name: string;
  type: string;
  nullable: boolean;
  autoIncrement: boolean;
}

/** A table as the engine holds it: its columns in order and its primary key. */
interface EngineTable {
  columns: EngineColumn[];
  key: string[];
}

type Engine = "mysql" | "sqlite";

/** The types the migrations give each kind (on SQLite, the declared type). */
const ENGINE_TYPES: Record<Engine, Record<ColumnKind, RegExp>> = {
  mysql: {
    uuid: /^char\(36\)$/,
    serial: /^bigint(\(\d+\))?$/,
    integer: /^(tinyint|smallint|int|bigint)(\(\d+\))?$/,
    double: /^double$/,
    boolean: /^tinyint(\(\d+\))?$/,
    text: /^(varchar\(\d+\)|text)$/,
    instant: /^datetime\(6\)$/,
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
  await stopPrivateMariaDb();
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

async function sqliteTables(domain: string): Promise<Record<string, EngineTable>> {
  const folder = mkdtempSync(join(tmpdir(), "m3-tables-it-"));
  folders.push(folder);
  const file = join(folder, `${domain}.sqlite`);
  await migrateDomainAt(domain, { kind: "sqlite", file });
  const database = new Database(file, { readonly: true });
  try {
    const tables = database
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name <> ?",
      )
      .all(`${domain}_migrations`) as { name: string; sql: string }[];
    const found: Record<string, EngineTable> = {};
    for (const { name, sql } of tables) {
      const columns = (
        database.prepare(`PRAGMA table_xinfo("${name}")`).all() as {
          name: string;
          type: string;
          notnull: number;
          pk: number;
          hidden: number;
        }[]
      ).filter((column) => column.hidden === 0);
      found[name] = {
        columns: columns.map((column) => ({
          name: column.name,
          type: column.type,
          // A primary key's column holds no NULL, declared NOT NULL or not.
          nullable: column.notnull === 0 && column.pk === 0,
          autoIncrement: column.pk > 0 && /AUTOINCREMENT/i.test(sql),
        })),
        key: columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
      };
    }
    return found;
  } finally {
    database.close();
  }
}

async function mariadbTables(domain: string): Promise<Record<string, EngineTable>> {
  const url = await createTestDatabase(`m3_tables_${domain}`);
  await migrateDomainAt(domain, parseDatabaseUrl(url));
  const connection = await mysql.createConnection(url);
  try {
    const [columns] = await connection.query(
      `SELECT c.TABLE_NAME AS tableName, c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type,
              c.IS_NULLABLE AS nullable, c.EXTRA AS extra
         FROM information_schema.COLUMNS c JOIN information_schema.TABLES t
           ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE' AND c.TABLE_NAME <> ?
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
      [`${domain}_migrations`],
    );
    const [keys] = await connection.query(
      `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS name FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    );
    const found: Record<string, EngineTable> = {};
    const tableOf = (name: string): EngineTable => {
      found[name] ??= { columns: [], key: [] };
      return found[name];
    };
    type Row = { tableName: string; name: string; type: string; nullable: string; extra: string };
    // Columns MySQL computes (hashes, reversed URIs) are the engine's, not the catalogue's.
    for (const row of (columns as Row[]).filter((column) => !/GENERATED/i.test(column.extra))) {
      tableOf(row.tableName).columns.push({
        name: row.name,
        type: row.type,
        nullable: row.nullable === "YES",
        autoIncrement: /auto_increment/i.test(row.extra),
      });
    }
    for (const row of keys as { tableName: string; name: string }[]) found[row.tableName]?.key.push(row.name);
    return found;
  } finally {
    await connection.end();
  }
}

for (const [domain, catalogue] of Object.entries(CATALOGUES)) {
  test(`the ${domain} catalogue names every table and column the SQLite migrations create, in order, with their kinds`, async (t) => {
    t.deepEqual(described("sqlite", await sqliteTables(domain), catalogue), expected(catalogue));
  });

  test(`the ${domain} catalogue names every table and column the MariaDB migrations create, in order, with their kinds`, async (t) => {
    t.deepEqual(described("mysql", await mariadbTables(domain), catalogue), expected(catalogue));
  });
}
