/**
 * The generated data set copied from MariaDB (where tools/m3/datagen writes it) into a
 * PostgreSQL database whose annotation and registry tables the domains' migrations made: every
 * table the generator fills, parents first, as multi-row INSERTs with the triggers off
 * (session_replication_role; the bench's server user is a superuser), then analyzed.
 */
import type { Pool } from "mysql2";
import pg from "pg";
import { ANNOTATION_TABLES, REGISTRY_TABLES } from "../../../m3/datagen/datagen-tables.js";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_INSERT = 1000;

/** The tables in copy order (the registry's first: the annotation view joins them) and their columns. */
const TABLES: readonly [string, readonly string[]][] = [
  ...Object.entries(REGISTRY_TABLES),
  ...Object.entries(ANNOTATION_TABLES),
];

/** Copies every generated row; `onProgress` gets the rows copied so far. Returns rows per table. */
export async function copyGeneratedTables(
  source: Pool,
  targetUrl: string,
  onProgress: (rows: number) => void,
): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const copied: Record<string, number> = {};
  let total = 0;
  try {
    await client.query("SET session_replication_role = replica");
    for (const [table, columns] of TABLES) {
      let rows: unknown[][] = [];
      const flush = async () => {
        if (rows.length === 0) return;
        await insertRows(client, table, columns, rows);
        total += rows.length;
        copied[table] = (copied[table] ?? 0) + rows.length;
        onProgress(total);
        rows = [];
      };
      const stream = source
        .query({ sql: `SELECT ${columns.join(", ")} FROM ${table}`, rowsAsArray: true })
        .stream({ highWaterMark: ROWS_PER_INSERT });
      for await (const row of stream) {
        rows.push(row as unknown[]);
        if (rows.length === ROWS_PER_INSERT) await flush();
      }
      await flush();
    }
    await client.query("SET session_replication_role = DEFAULT");
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
  return copied;
}

function insertRows(
  client: pg.Client,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
): Promise<unknown> {
  const width = columns.length;
  const tuples = rows.map(
    (_, row) => `(${columns.map((_, column) => `$${row * width + column + 1}`).join(", ")})`,
  );
  return client.query(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`,
    rows.flat(),
  );
}
