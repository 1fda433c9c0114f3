/**
 * The import benchmark's floor, run as a child process of its own (so its peak RSS is its
 * own): the rows `m3 import legacy` reads (every carried table's mapped columns, in the same
 * keyset batches) copied from the legacy PostgreSQL into plain tables of the target engine
 * with the bare drivers (pg → mysql2 multi-row INSERT, pg → pg multi-row INSERT, pg →
 * better-sqlite3 prepared INSERTs), one transaction per batch. No conversion but the engine's
 * own: timestamps are read as UTC text. The tables have their primary key and no other index.
 *
 * Usage: tsx import-floor.ts <source postgres URL> <mariadb|postgres|sqlite> <target URL or file>
 * Prints {"rows": n, "seconds": s}.
 */
import pg from "pg";
import { LEGACY_DOMAINS } from "../../../m3/import/legacy/legacy-mapping.js";
import { legacyColumnsToRead } from "../../../m3/import/legacy/legacy-rows.js";
import { LEGACY_TABLES } from "../../../m3/import/legacy/legacy-tables.js";
import type { SqlValue } from "../../fixtures/legacy-site/legacy-site.repository.js";
import { type FloorEngine, openFloorWriter, type SourceColumn } from "./floor-writers.js";

const BATCH = 5000;
const TEXT_TYPES = [1082, 1114, 1184];

async function main(): Promise<void> {
  const [sourceUrl, engine, target] = process.argv.slice(2) as [string, FloorEngine, string];
  if (!sourceUrl || !["mariadb", "postgres", "sqlite"].includes(engine) || !target) {
    throw new Error("usage: import-floor.ts <source URL> <mariadb|postgres|sqlite> <target>");
  }
  const source = new pg.Client({
    connectionString: sourceUrl,
    options: "-c TimeZone=UTC",
    types: {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        TEXT_TYPES.includes(oid) ? (text: string) => text : pg.types.getTypeParser(oid, format ?? "text"),
    },
  });
  await source.connect();
  const writer = await openFloorWriter(engine, target);
  const started = performance.now();
  let rows = 0;
  try {
    for (const domain of LEGACY_DOMAINS) {
      for (const mapping of LEGACY_TABLES[domain].filter((table) => table.role === undefined)) {
        const columns = await sourceColumns(source, mapping.legacy, legacyColumnsToRead(mapping));
        await writer.createTable(mapping.legacy, columns, mapping.legacyKey);
        const names = columns.map((column) => column.name);
        // A timestamptz read as timestamp: its UTC wall-clock text, which every target accepts.
        const select = columns.map((column) =>
          column.dataType === "timestamp with time zone"
            ? `${column.name}::timestamp AS ${column.name}`
            : column.name,
        );
        const read = (after: SqlValue[] | undefined) =>
          source.query({
            text: `SELECT ${select.join(", ")} FROM ${mapping.legacy}
                   ${after ? `WHERE (${mapping.legacyKey.join(", ")}) > (${after.map((_, i) => `$${i + 1}`).join(", ")})` : ""}
                   ORDER BY ${mapping.legacyKey.join(", ")} LIMIT ${BATCH}`,
            values: after,
            rowMode: "array",
          });
        const keyAt = mapping.legacyKey.map((key) => names.indexOf(key));
        // The next batch is read while this one is written.
        let next = read(undefined);
        for (let batch = await next; batch.rows.length > 0; batch = await next) {
          const last = batch.rows.at(-1) as SqlValue[];
          next =
            batch.rows.length === BATCH
              ? read(keyAt.map((i) => last[i] ?? null))
              : Promise.resolve({ rows: [] } as never);
          await writer.insert(mapping.legacy, names, batch.rows as SqlValue[][]);
          rows += batch.rows.length;
        }
      }
    }
  } finally {
    await writer.close();
    await source.end();
  }
  process.stdout.write(`${JSON.stringify({ rows, seconds: (performance.now() - started) / 1000 })}\n`);
}

async function sourceColumns(
  client: pg.Client,
  table: string,
  wanted: readonly string[],
): Promise<SourceColumn[]> {
  const { rows } = await client.query<{ name: string; data_type: string; length: number | null }>(
    `SELECT column_name AS name, data_type, character_maximum_length AS length
     FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  return wanted.flatMap((name) => {
    const column = rows.find((row) => row.name === name);
    return column ? [{ name, dataType: column.data_type, length: column.length }] : [];
  });
}

await main();
