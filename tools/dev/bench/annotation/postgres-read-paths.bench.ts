/**
 * `npm run bench:postgres-read-paths`: the ways m3 can read the tabular download's rows from
 * PostgreSQL, on BENCH_VIEW_ROWS (default 1,200,000, the view rows of a million annotations)
 * rows of the annotations view's columns (postgres-read-paths-table.ts) in a throwaway server.
 * Each run reads every row, in this process, through:
 * - the floors: psql's `COPY (SELECT …) TO STDOUT` to /dev/null (the server's own speed) and
 *   the bare pg driver (a Query's row events, pg's own type parsers, nothing kept);
 * - m3's portal (streamRowValueBatches: a server-side cursor, values parsed), read only, then
 *   printed as the download's TSV (encodeTsv);
 * - m3's COPY (streamCellBatches: the rows' text into CellBatches), read only, then printed.
 * The two TSVs must be byte-identical (their SHA-256 is compared). Prints a markdown table of
 * rows/s and CPU seconds. Not a test: it asserts the output, nothing about speed.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { openSync } from "node:fs";
import pg from "pg";
import {
  DOWNLOAD_STYLE,
  encodeTsv,
  type TsvRows,
} from "../../../../services/annotation/query/services/tsv.encoder.js";
import { VIEW_COLUMNS } from "../../../../services/annotation/query/view/annotations-view.js";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { openDomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { streamCellBatches, streamRowValueBatches } from "../../../../services/kit/storage/row-stream.js";
import { progress } from "../../../m3/cli/progress.js";
import { startPostgresServer } from "../../fixtures/postgres-server.js";
import { fillReadPathsTable, READ_PATHS_TABLE } from "./postgres-read-paths-table.js";

const ROWS = Number(process.env.BENCH_VIEW_ROWS ?? 1_200_000);
const RUNS = Number(process.env.BENCH_DOWNLOADS ?? 2);
for (const [name, value] of Object.entries({ VIEW_ROWS: ROWS, DOWNLOADS: RUNS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

const SELECT = `SELECT ${VIEW_COLUMNS.map((column) => column.name).join(", ")} FROM ${READ_PATHS_TABLE}`;
const NEVER = new AbortController().signal;

interface Read {
  rows: number;
  /** The TSV's SHA-256, for the paths that print it. */
  digest?: string;
  bytes?: number;
}

interface Path {
  name: string;
  /** Whether it runs in another process (psql): its CPU is not this process's. */
  external?: boolean;
  read(): Promise<Read>;
}

const server = await startPostgresServer();
const url = `${server.rootUrl}/postgres`;
const storage = await openDomainStorage({
  target: parseDatabaseUrl(url),
  domain: "bench",
  entities: [],
  migrations: { mysql: [], sqlite: [], postgres: [] },
  poolSize: 4,
});

async function printed(batches: AsyncIterable<TsvRows>): Promise<Read> {
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  for await (const chunk of encodeTsv(VIEW_COLUMNS, batches, DOWNLOAD_STYLE)) {
    hash.update(chunk);
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return { rows: lines - 1, digest: hash.digest("hex"), bytes };
}

async function counted(batches: AsyncIterable<{ length: number } | { rows: number }>): Promise<Read> {
  let rows = 0;
  for await (const batch of batches) rows += "rows" in batch ? batch.rows : batch.length;
  return { rows };
}

function psqlCopy(): Promise<Read> {
  return new Promise((resolve, reject) => {
    const child = spawn("psql", [url, "-X", "-q", "-c", `COPY (${SELECT}) TO STDOUT`], {
      stdio: ["ignore", openSync("/dev/null", "w"), "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve({ rows: ROWS }) : reject(new Error(`psql exited ${code}`)),
    );
  });
}

async function barePg(): Promise<Read> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows = 0;
    await new Promise<void>((resolve, reject) => {
      const query = new pg.Query(SELECT);
      query.on("row", () => {
        rows++;
      });
      query.on("end", () => resolve());
      query.on("error", reject);
      client.query(query);
    });
    return { rows };
  } finally {
    await client.end();
  }
}

const values = () => streamRowValueBatches(storage, SELECT, [], NEVER);
const cells = () => streamCellBatches(storage, SELECT, [], NEVER);
const paths: Path[] = [
  { name: "floor: psql COPY (SELECT …) TO STDOUT > /dev/null", external: true, read: psqlCopy },
  { name: "floor: bare pg (Query row events, pg's parsers)", read: barePg },
  { name: "m3 portal (streamRowValueBatches), read only", read: () => counted(values()) },
  { name: "m3 COPY (streamCellBatches), read only", read: () => counted(cells()) },
  { name: "m3 portal values printed as TSV", read: () => printed(values()) },
  { name: "m3 COPY cells printed as TSV", read: () => printed(cells()) },
];

try {
  process.stderr.write(`filling ${ROWS} rows\n`);
  const bar = progress("rows");
  const filler = new pg.Client({ connectionString: url });
  await filler.connect();
  await fillReadPathsTable(filler, VIEW_COLUMNS, ROWS, (done) => bar.update(done, ROWS));
  await filler.end();
  bar.stop();
  const results = new Map<string, { seconds: number[]; cpu: number[]; read: Read }>();
  for (let run = 0; run < RUNS; run++) {
    for (const path of paths) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const read = await path.read();
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      if (read.rows !== ROWS) throw new Error(`${path.name}: ${read.rows} rows, the table has ${ROWS}`);
      const entry = results.get(path.name) ?? { seconds: [], cpu: [], read };
      entry.seconds.push(seconds);
      entry.cpu.push((cpu.user + cpu.system) / 1e6);
      results.set(path.name, entry);
      process.stderr.write(`${path.name}: ${seconds.toFixed(2)} s\n`);
    }
  }
  const digests = new Set([...results.values()].flatMap(({ read }) => (read.digest ? [read.digest] : [])));
  if (digests.size !== 1) throw new Error(`the TSVs differ: ${[...digests].join(", ")}`);
  const floor = Math.min(...(results.get(paths[0]?.name ?? "")?.seconds ?? [Number.NaN]));
  const tsvBytes = [...results.values()].find(({ read }) => read.bytes)?.read.bytes ?? 0;
  console.log(
    `\nPostgreSQL read paths: ${ROWS} rows of the annotations view's ${VIEW_COLUMNS.length} columns (${(tsvBytes / 1e6).toFixed(0)} MB of TSV, the same bytes from both paths), ${RUNS} runs each, interleaved; vs floor is against psql COPY's best run.\n`,
  );
  console.log(
    "| read path | best s | rows/s (best) | all runs s | CPU s in this process | vs floor |\n|---|---:|---:|---|---:|---:|",
  );
  for (const path of paths) {
    const { seconds, cpu } = results.get(path.name) as { seconds: number[]; cpu: number[] };
    const best = Math.min(...seconds);
    const cpuText = path.external ? "(psql)" : Math.min(...cpu).toFixed(1);
    console.log(
      `| ${path.name} | ${best.toFixed(2)} | ${Math.round(ROWS / best)} | ${seconds.map((s) => s.toFixed(2)).join(", ")} | ${cpuText} | ${(floor / best).toFixed(2)}x |`,
    );
  }
} finally {
  await storage.close();
  await server.stop();
}
