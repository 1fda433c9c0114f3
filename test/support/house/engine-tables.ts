/**
 * The tables of a SQLite file, a MySQL/MariaDB or a PostgreSQL database as the engine reports
 * them (PRAGMA table_xinfo, information_schema, pg_catalog), for holding the domains' table
 * catalogues to them. The migration bookkeeping table and the engine's own are left out, and so
 * are columns the engine computes (MySQL's stored hashes and reversed URIs), which no catalogue
 * lists.
 */
import Database from "better-sqlite3";
import mysql from "mysql2/promise";
import pg from "pg";

/** A column as the engine holds it. */
export interface EngineColumn {
  name: string;
  /** The declared type on SQLite, the COLUMN_TYPE on MySQL, format_type on PostgreSQL. */
  type: string;
  nullable: boolean;
  autoIncrement: boolean;
}

/** A table as the engine holds it: its columns in order and its primary key. */
export interface EngineTable {
  columns: EngineColumn[];
  key: string[];
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  pk: number;
  hidden: number;
}

export function sqliteTables(file: string, migrationsTable: string): Record<string, EngineTable> {
  const database = new Database(file, { readonly: true });
  try {
    const tables = database
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name <> ?",
      )
      .all(migrationsTable) as { name: string; sql: string }[];
    const found: Record<string, EngineTable> = {};
    for (const { name, sql } of tables) {
      const columns = (database.prepare(`PRAGMA table_xinfo("${name}")`).all() as SqliteColumn[]).filter(
        (column) => column.hidden === 0,
      );
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

interface MysqlColumn {
  tableName: string;
  name: string;
  type: string;
  nullable: string;
  extra: string;
}

export async function mysqlTables(
  url: string,
  migrationsTable: string,
): Promise<Record<string, EngineTable>> {
  const connection = await mysql.createConnection(url);
  try {
    const [columns] = await connection.query(
      `SELECT c.TABLE_NAME AS tableName, c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type,
              c.IS_NULLABLE AS nullable, c.EXTRA AS extra
         FROM information_schema.COLUMNS c JOIN information_schema.TABLES t
           ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE' AND c.TABLE_NAME <> ?
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
      [migrationsTable],
    );
    const [keys] = await connection.query(
      `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS name FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    );
    const found: Record<string, EngineTable> = {};
    for (const row of (columns as MysqlColumn[]).filter((column) => !/GENERATED/i.test(column.extra))) {
      found[row.tableName] ??= { columns: [], key: [] };
      found[row.tableName]?.columns.push({
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

interface PostgresColumn {
  table_name: string;
  name: string;
  type: string;
  not_null: boolean;
  identity: string;
  default_value: string | null;
}

export async function postgresTables(
  url: string,
  migrationsTable: string,
): Promise<Record<string, EngineTable>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<PostgresColumn>(
      `SELECT c.relname AS table_name, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
              a.attnotnull AS not_null, a.attidentity AS identity, pg_get_expr(d.adbin, d.adrelid) AS default_value
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> $1 AND a.attgenerated = ''
        ORDER BY c.relname, a.attnum`,
      [migrationsTable],
    );
    const found: Record<string, EngineTable> = {};
    for (const row of rows) {
      found[row.table_name] ??= { columns: [], key: [] };
      found[row.table_name]?.columns.push({
        name: row.name,
        type: row.type,
        // A primary key's column holds no NULL, as on the other engines.
        nullable: !row.not_null,
        autoIncrement: row.identity !== "" || /^nextval\(/.test(row.default_value ?? ""),
      });
    }
    const keys = await client.query<{ table_name: string; name: string }>(
      `SELECT c.relname AS table_name, a.attname AS name
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
        WHERE n.nspname = current_schema() AND i.indisprimary
        ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`,
    );
    for (const row of keys.rows) found[row.table_name]?.key.push(row.name);
    return found;
  } finally {
    await client.end();
  }
}
