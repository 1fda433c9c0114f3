/**
 * `npm run bench:annotation-downloads-postgres`: bench:annotation-queries' download scenario
 * with m3 on PostgreSQL. The data set (tools/m3/datagen, BENCH_ANNOTATIONS, default 1,000,000:
 * 1.2 M view rows) is generated into one throwaway PostgreSQL database for the annotation and
 * registry domains, whose view m3 reads: gateway and service as separate compiled processes,
 * then the all-in-one (the other domains on SQLite in its data directory). Every download of every row (two orders)
 * is followed by its floor, psql's `COPY (the same SELECT) TO STDOUT` to /dev/null; the bare pg
 * driver's read of the same SELECT is measured once per order after. Prints a markdown table.
 * Not a test: it asserts the row counts, nothing about speed.
 */
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import pg from "pg";
import { annotationsViewSelect } from "../../../../services/annotation/query/view/annotations-view.js";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { progress } from "../../../m3/cli/progress.js";
import { generateAnnotationData } from "../../../m3/datagen/datagen.js";
import { startPostgresServer } from "../../fixtures/postgres-server.js";
import { startPlatformProcess } from "../harness/platform-process.js";
import { type SplitAnnotation, startSplitAnnotation } from "../harness/split-processes.js";
import { downloadsTable, measureDownloads } from "./annotation-queries-downloads.js";
import { DOWNLOAD_COLUMNS, DOWNLOADS } from "./annotation-queries-floor.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 1_000_000);
const DOWNLOAD_RUNS = Number(process.env.BENCH_DOWNLOADS ?? 2);
const MEMORY_GOAL_MB = 300;
/** Both domains in one PostgreSQL database: the view joins the registry's tables in its schema. */
const REGISTRY_SCHEMA = "public";
for (const [name, value] of Object.entries({ ANNOTATIONS, DOWNLOADS: DOWNLOAD_RUNS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

function downloadSql(order: readonly string[]): string {
  const view = annotationsViewSelect(REGISTRY_SCHEMA, undefined, "postgres");
  return `SELECT ${DOWNLOAD_COLUMNS.join(", ")} FROM (${view}) annotations ORDER BY ${order.join(", ")} ASC`;
}

/** The floor: the server's COPY of the download's SELECT, through psql, to /dev/null. */
function psqlCopy(url: string, order: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("psql", [url, "-X", "-q", "-c", `COPY (${downloadSql(order)}) TO STDOUT`], {
      stdio: ["ignore", openSync("/dev/null", "w"), "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(0) : reject(new Error(`psql exited ${code}`))));
  });
}

/** The bare pg driver reading the same SELECT (a Query's row events, nothing kept): rows and seconds. */
async function barePg(url: string, order: readonly string[]): Promise<{ rows: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    let rows = 0;
    await new Promise<void>((resolve, reject) => {
      const query = new pg.Query(downloadSql(order));
      query.on("row", () => {
        rows++;
      });
      query.on("end", () => resolve());
      query.on("error", reject);
      client.query(query);
    });
    return { rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

const postgres = await startPostgresServer();
const url = `${postgres.rootUrl}/m3_bench_downloads`;
let platform: SplitAnnotation | undefined;
let allInOne: Awaited<ReturnType<typeof startPlatformProcess>> | undefined;

try {
  process.stderr.write(`generating ${ANNOTATIONS} annotations\n`);
  const target = parseDatabaseUrl(url);
  const generating = progress("annotations");
  const data = await generateAnnotationData({
    annotationTarget: target,
    registryTarget: target,
    annotations: ANNOTATIONS,
    onProgress: (done, total) => generating.update(done, total),
  });
  generating.stop();
  const vacuum = new pg.Client({ connectionString: url });
  await vacuum.connect();
  await vacuum.query("VACUUM ANALYZE");
  await vacuum.end();

  const floorRows = (await barePg(url, DOWNLOADS[0]?.order ?? [])).rows;
  const floor = (order: readonly string[]) => psqlCopy(url, order);
  const env = { M3_ANNOTATION_REGISTRY_SCHEMA: REGISTRY_SCHEMA };
  platform = await startSplitAnnotation({ databaseUrl: url, env });
  const downloads = await measureDownloads(
    {
      deployment: "split processes",
      port: platform.port,
      processes: [
        { name: "gateway", pid: platform.gatewayPid },
        { name: "service", pid: platform.annotationPid },
      ],
    },
    DOWNLOAD_RUNS,
    floorRows,
    floor,
  );
  await platform.stop();
  platform = undefined;
  // The kb and the other domains keep their SQLite files: only these two run on PostgreSQL.
  allInOne = await startPlatformProcess({
    env: { ...env, M3_ANNOTATION_DATABASE_URL: url, M3_REGISTRY_DATABASE_URL: url, M3_WORKERS: "1" },
  });
  downloads.push(
    ...(await measureDownloads(
      {
        deployment: "all-in-one (npm start, one worker)",
        port: allInOne.port,
        processes: [{ name: "all-in-one", pid: allInOne.pid }],
      },
      DOWNLOAD_RUNS,
      floorRows,
      floor,
    )),
  );
  const bare = [];
  for (const download of DOWNLOADS)
    bare.push({ label: download.label, ...(await barePg(url, download.order)) });

  const rowsLine = Object.entries(data.rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
  console.log(
    `\nannotation downloads on PostgreSQL ${postgres.port}: ${ANNOTATIONS} annotations generated in ${data.seconds.toFixed(0)} s: ${rowsLine}. The floor is psql's COPY (SELECT …) TO STDOUT of the same SELECT to /dev/null, right after each download.\n`,
  );
  console.log(downloadsTable(downloads, floorRows, MEMORY_GOAL_MB));
  console.log("\n| the bare pg driver reading the same SELECT, in order: | s | rows/s |\n|---|---:|---:|");
  for (const { label, seconds } of bare) {
    console.log(`| ${label} | ${seconds.toFixed(1)} | ${Math.round(floorRows / seconds)} |`);
  }
} finally {
  await platform?.stop();
  await allInOne?.stop();
  await postgres.stop();
}
