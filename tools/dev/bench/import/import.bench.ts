/**
 * `npm run bench:import`: `m3 import legacy` of a generated legacy M3 site (the quickstart's
 * PostgreSQL layout, the real kb and BENCH_ANNOTATIONS annotations, default 1,000,000, made by
 * tools/dev/fixtures/legacy-site) into each target engine (BENCH_TARGETS, default
 * `mariadb,postgres,sqlite`), on throwaway servers. The legacy database and the PostgreSQL
 * target share one server, as a site moving in on the server it already runs would. For each
 * target: the import as a child process (`m3 import legacy --json`, its own time from the
 * report, which includes the 200-record verification), and its floor (import-floor.ts: the
 * same rows copied with the bare drivers, a child process too), each with its rows/s, peak RSS
 * and the load average around it. Not a test: the goals (50,000 rows/s into MariaDB and
 * PostgreSQL, under 300 MB) are reported, not asserted.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { progress } from "../../../m3/cli/progress.js";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { buildLegacySite } from "../../fixtures/legacy-site/legacy-site.js";
import { startPostgresServer } from "../../fixtures/postgres-server.js";
import { loadAverage } from "../harness/machine.js";
import { type MeasuredRun, runMeasured } from "../harness/measured-child.js";
import { startBenchMariaDb } from "../harness/platform-process.js";
import type { FloorEngine } from "./floor-writers.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 1_000_000);
const TARGETS = (process.env.BENCH_TARGETS ?? "mariadb,postgres,sqlite").split(",").filter(Boolean);
const BUFFER_POOL = process.env.BENCH_BUFFER_POOL ?? "2G";
const RUN_TIMEOUT_SECONDS = Number(process.env.BENCH_RUN_TIMEOUT_SECONDS ?? 3600);
/** A folder for a V8 CPU profile of each `m3 import legacy` run (node --cpu-prof), when set. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const GOAL_ROWS_PER_SECOND = 50_000;
const GOAL_MB = 300;

type Measured = { target: string; what: "m3 import legacy" | "floor" } & (
  | { rows: number; seconds: number; run: MeasuredRun; error?: undefined }
  | { error: string }
);

async function main(): Promise<void> {
  if (!Number.isInteger(ANNOTATIONS) || ANNOTATIONS < 1)
    throw new Error("BENCH_ANNOTATIONS must be a positive integer");
  const unknown = TARGETS.filter((target) => !["mariadb", "postgres", "sqlite"].includes(target));
  if (unknown.length > 0) throw new Error(`BENCH_TARGETS: unknown ${unknown.join(", ")}`);
  const postgres = await startPostgresServer();
  const mariadb = TARGETS.includes("mariadb") ? await startBenchMariaDb(BUFFER_POOL) : undefined;
  const work = mkdtempSync(join(tmpdir(), "m3-bench-import-"));
  try {
    const createPostgres = (name: string) => createDatabase(postgres.rootUrl, name);
    const source = await createPostgres("m3_bench_legacy_site");
    process.stderr.write(`building a legacy site of ${ANNOTATIONS} annotations\n`);
    const bar = progress("annotations");
    const site = await buildLegacySite({
      url: source,
      annotations: ANNOTATIONS,
      onProgress: (done, total) => bar.update(done, total),
    });
    bar.stop();
    // Fresh statistics, as a site's long-running database has them.
    await analyze(source);
    const runs: Measured[] = [];
    for (const target of TARGETS) {
      const engine = target as FloorEngine;
      const targetOf = async (kind: string) => {
        if (engine === "mariadb")
          return (mariadb as NonNullable<typeof mariadb>).createDatabase(`m3_bench_${kind}`);
        if (engine === "postgres") return createPostgres(`m3_bench_${kind}`);
        return join(work, `${kind}-${runs.length}.sqlite`);
      };
      runs.push(
        await measure(target, "floor", async () => {
          const floor = await runMeasured(
            process.execPath,
            [
              "--import",
              "tsx",
              join(REPO_ROOT, "tools/dev/bench/import/import-floor.ts"),
              source,
              engine,
              await targetOf("floor"),
            ],
            {},
            RUN_TIMEOUT_SECONDS,
          );
          return { ...(JSON.parse(floor.stdout) as { rows: number; seconds: number }), run: floor };
        }),
      );
      runs.push(
        await measure(target, "m3 import legacy", async () => {
          const databaseArgs = engine === "sqlite" ? [] : ["--database-url", await targetOf("import")];
          const imported = await runMeasured(
            process.execPath,
            [
              ...(PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : []),
              join(REPO_ROOT, "tools/m3/cli/m3.mjs"),
              "import",
              "legacy",
              "--from",
              source,
              ...databaseArgs,
              "--json",
            ],
            { M3_DATA_DIR: join(work, `m3-${target}`), M3_LOG_LEVEL: "warn" },
            RUN_TIMEOUT_SECONDS,
          );
          const report = JSON.parse(imported.stdout) as {
            seconds: number;
            tables: { added: number; updated: number; skipped: number }[];
            mismatches: unknown[];
          };
          if (report.mismatches.length > 0) {
            process.stderr.write(`${target}: ${report.mismatches.length} sampled records differ\n`);
          }
          const rows = report.tables.reduce(
            (sum, table) => sum + table.added + table.updated + table.skipped,
            0,
          );
          return { rows, seconds: report.seconds, run: imported };
        }),
      );
    }
    process.stdout.write(printout(site.totalRows, site.seconds, runs));
  } finally {
    rmSync(work, { recursive: true, force: true });
    await mariadb?.stop();
    await postgres.stop();
  }
}

/** One run; a failure is reported in its row (a target m3 cannot use yet, say) and the bench goes on. */
async function measure(
  target: string,
  what: Measured["what"],
  run: () => Promise<{ rows: number; seconds: number; run: MeasuredRun }>,
): Promise<Measured> {
  process.stderr.write(`${target}: ${what}\n`);
  try {
    return { target, what, ...(await run()) };
  } catch (error) {
    return { target, what, error: (error as Error).message.split("\n")[0] ?? "failed" };
  }
}

async function createDatabase(rootUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: `${rootUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
  return `${rootUrl}/${name}`;
}

async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

function printout(siteRows: number, siteSeconds: number, runs: readonly Measured[]): string {
  const floors = new Map(
    runs.flatMap((run) =>
      run.what === "floor" && run.error === undefined ? [[run.target, run] as const] : [],
    ),
  );
  const lines = [
    `\n## Import of a legacy M3 site: ${ANNOTATIONS.toLocaleString("en")} generated annotations with the real kb`,
    "",
    `Legacy site built in PostgreSQL: ${siteRows.toLocaleString("en")} rows in ${siteSeconds.toFixed(1)} s ` +
      `(${Math.round(siteRows / siteSeconds).toLocaleString("en")} rows/s).`,
    "",
    "| target | what | rows | s | rows/s | vs. floor | peak RSS MB | wall s | load 1-min (start → end) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ...runs.map((run) => {
      if (run.error !== undefined)
        return `| ${run.target} | ${run.what} | not measured: ${run.error.replaceAll("|", "/")} | | | | | | |`;
      const rate = run.rows / run.seconds;
      const floor = floors.get(run.target);
      const ratio =
        run.what === "floor" || !floor ? "" : `${(rate / (floor.rows / floor.seconds)).toFixed(2)}×`;
      return `| ${run.target} | ${run.what} | ${run.rows.toLocaleString("en")} | ${run.seconds.toFixed(1)} | ${Math.round(rate).toLocaleString("en")} | ${ratio} | ${run.run.peakMb.toFixed(0)} | ${run.run.wallSeconds.toFixed(1)} | ${run.run.load[0].toFixed(2)} → ${run.run.load[1].toFixed(2)} |`;
    }),
    "",
    `Goals (not asserted): ≥ ${GOAL_ROWS_PER_SECOND.toLocaleString("en")} rows/s into MariaDB and PostgreSQL, ` +
      `under ${GOAL_MB} MB peak RSS. The import's time is its report's (the verification of 200 sampled records included).`,
    `Load average at the end: ${loadAverage()}.`,
    "",
  ];
  return lines.join("\n");
}

await main();
