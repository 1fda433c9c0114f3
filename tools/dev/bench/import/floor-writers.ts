import Database from "better-sqlite3";
import mysql from "mysql2/promise";
import pg from "pg";
import { insertStatement, type SqlValue } from "../../fixtures/legacy-site/legacy-site.repository.js";

/** A source column: its name and PostgreSQL type (information_schema's data_type and length). */
export interface SourceColumn {
  name: string;
  dataType: string;
  length: number | null;
}

export type FloorEngine = "mariadb" | "postgres" | "sqlite";

/** Writes one table's batches into a target engine, each batch in its own transaction. */
export interface FloorWriter {
  createTable(table: string, columns: readonly SourceColumn[], key: readonly string[]): Promise<void>;
  insert(table: string, columns: readonly string[], rows: SqlValue[][]): Promise<void>;
  close(): Promise<void>;
}

/** The target's type for a source column: the nearest plain type, as m3's migrations choose them. */
function targetType(engine: FloorEngine, column: SourceColumn): string {
  const type = column.dataType;
  if (/int/.test(type)) return engine === "sqlite" ? "INTEGER" : "BIGINT";
  if (type === "real" || type === "double precision")
    return engine === "postgres" ? "double precision" : "DOUBLE";
  if (type.startsWith("timestamp")) {
    return engine === "mariadb" ? "DATETIME(6)" : engine === "postgres" ? "timestamp(6)" : "TEXT";
  }
  if (type === "uuid") return engine === "mariadb" ? "CHAR(36)" : engine === "postgres" ? "uuid" : "TEXT";
  if (engine === "mariadb")
    return column.length !== null && column.length <= 512 ? `VARCHAR(${column.length})` : "TEXT";
  return "TEXT";
}

function createTableSql(
  engine: FloorEngine,
  table: string,
  columns: readonly SourceColumn[],
  key: readonly string[],
): string {
  const definitions = columns.map((column) => `${column.name} ${targetType(engine, column)}`);
  return `CREATE TABLE ${table} (${definitions.join(", ")}, PRIMARY KEY (${key.join(", ")}))`;
}

export async function openFloorWriter(engine: FloorEngine, target: string): Promise<FloorWriter> {
  if (engine === "mariadb") {
    const connection = await mysql.createConnection(target);
    return {
      createTable: async (table, columns, key) => {
        await connection.query(createTableSql(engine, table, columns, key));
      },
      insert: async (table, columns, rows) => {
        await connection.beginTransaction();
        await connection.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ?`, [rows]);
        await connection.commit();
      },
      close: () => connection.end(),
    };
  }
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: target, options: "-c TimeZone=UTC" });
    await client.connect();
    return {
      createTable: async (table, columns, key) => {
        await client.query(createTableSql(engine, table, columns, key));
      },
      // One statement is one transaction.
      insert: async (table, columns, rows) => {
        await client.query(insertStatement(table, columns, rows));
      },
      close: () => client.end(),
    };
  }
  const db = new Database(target);
  db.pragma("journal_mode = WAL");
  return {
    createTable: async (table, columns, key) => {
      db.exec(createTableSql(engine, table, columns, key));
    },
    insert: async (table, columns, rows) => {
      const statement = db.prepare(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      db.transaction(() => {
        for (const row of rows)
          statement.run(row.map((value) => (typeof value === "boolean" ? Number(value) : value)));
      })();
    },
    close: async () => {
      db.close();
    },
  };
}
