/**
 * `npm run bench:backup`: backup and restore of a large generated data set (tools/m3/datagen,
 * BENCH_ANNOTATIONS, default 1,000,000, with the real kb) in a throwaway MariaDB
 * (BENCH_BUFFER_POOL, default 2G; BENCH_MARIADB_OPTIONS adds server options, e.g.
 * `--innodb-log-file-size=1G`). The commands run as the container image runs them: the
 * compiled build with plain node and the image's node options, one child process each, whose
 * peak RSS is taken from /proc. Measures every engine both ways: the backup of MariaDB to a file,
 * the restore of that file into an empty MariaDB database, into empty SQLite files and into an
 * empty database of a throwaway PostgreSQL, and the backup of those SQLite files and of that
 * PostgreSQL database (BENCH_BACKUP_ENGINES picks the targets, default all three); prints a
 * markdown table with rows/s, peak RSS and the machine's
 * load average over each run (the figures mean little on a busy machine without it). Not a
 * test: the goal (100,000 rows/s, under 300 MB) is reported, not asserted.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { progress } from "../../../m3/cli/progress.js";
import { generateAnnotationData } from "../../../m3/datagen/datagen.js";
import { IMAGE_NODE_OPTIONS } from "../../../m3/image/image-commands.js";
import { importKbDump } from "../../../m3/kb-import/kb-import.js";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { startBenchPostgres } from "../harness/bench-postgres.js";
import { runMeasured } from "../harness/measured-child.js";
import { startBenchMariaDb } from "../harness/platform-process.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 1_000_000);
const BUFFER_POOL = process.env.BENCH_BUFFER_POOL ?? "2G";
const MARIADB_OPTIONS = (process.env.BENCH_MARIADB_OPTIONS ?? "").split(" ").filter(Boolean);
const ENGINES = ["mariadb", "sqlite", "postgres"] as const;
type Engine = (typeof ENGINES)[number];
/** The engines restored into and backed up from (the source is always MariaDB). */
const TARGETS = (process.env.BENCH_BACKUP_ENGINES ?? ENGINES.join(","))
  .split(",")
  .map((engine) => engine.trim())
  .filter(Boolean);
const GOAL_ROWS_PER_SECOND = 100_000;
const GOAL_MB = 300;
/** Where the bench compiles m3: inside the repo (.tmp is ignored), so node_modules resolves. */
const BUILD_DIR = join(REPO_ROOT, ".tmp", "bench-build");

interface Run {
  name: string;
  rows: number;
  /** The command's own time (from its report), and the process's wall time including start-up. */
  seconds: number;
  wallSeconds: number;
  peakMb: number;
  /** The 1-minute load average when the run started and when it ended. */
  load: [number, number];
}

/** Runs an image command from the compiled build; returns its report line's numbers and its peak RSS. */
async function runCommand(name: string, args: string[], env: Record<string, string>): Promise<Run> {
  const run = await runMeasured(
    process.execPath,
    [...IMAGE_NODE_OPTIONS, join(BUILD_DIR, "tools/m3/image/image-entrypoint.js"), "m3", ...args, "--json"],
    env,
  );
  const report = JSON.parse(run.stdout) as { rows: number; seconds: number };
  return {
    name,
    rows: report.rows,
    seconds: report.seconds,
    wallSeconds: run.wallSeconds,
    peakMb: run.peakMb,
    load: run.load,
  };
}

async function main(): Promise<void> {
  if (!Number.isInteger(ANNOTATIONS) || ANNOTATIONS < 1)
    throw new Error("BENCH_ANNOTATIONS must be a positive integer");
  const unknown = TARGETS.filter((engine) => !(ENGINES as readonly string[]).includes(engine));
  if (unknown.length > 0 || TARGETS.length === 0)
    throw new Error(
      `BENCH_BACKUP_ENGINES lists engines among ${ENGINES.join(", ")}, got "${TARGETS.join(",")}"`,
    );
  const targets = new Set(TARGETS as Engine[]);
  execFileSync("bash", [join(REPO_ROOT, "tools/dev/build/build.sh"), BUILD_DIR], { stdio: "inherit" });
  const mariadb = await startBenchMariaDb(BUFFER_POOL, MARIADB_OPTIONS);
  const work = mkdtempSync(join(tmpdir(), "m3-bench-backup-"));
  try {
    const source = await mariadb.createDatabase("m3_bench_backup_source");
    await importKbDump({ target: parseDatabaseUrl(source) });
    process.stderr.write(`generating ${ANNOTATIONS} annotations\n`);
    const bar = progress("annotations");
    await generateAnnotationData({
      annotationTarget: parseDatabaseUrl(source),
      registryTarget: parseDatabaseUrl(source),
      annotations: ANNOTATIONS,
      onProgress: (done, total) => bar.update(done, total),
    });
    bar.stop();
    const archive = join(work, "bench.jsonl.gz");
    const env = { M3_DATA_DIR: join(work, "data"), M3_LOG_LEVEL: "warn" };
    const runs: Run[] = [];
    runs.push(
      await runCommand(
        "backup (MariaDB to file)",
        ["backup", "--output", archive, "--database-url", source],
        env,
      ),
    );
    const archiveMb = statSync(archive).size / 1024 / 1024;
    if (targets.has("mariadb")) {
      const target = await mariadb.createDatabase("m3_bench_backup_target");
      runs.push(
        await runCommand(
          "restore (file to MariaDB)",
          ["restore", "--input", archive, "--database-url", target],
          env,
        ),
      );
    }
    if (targets.has("sqlite")) {
      const sqlite = { ...env, M3_DATA_DIR: join(work, "sqlite") };
      runs.push(await runCommand("restore (file to SQLite)", ["restore", "--input", archive], sqlite));
      const sqliteArchive = join(work, "from-sqlite.jsonl.gz");
      runs.push(await runCommand("backup (SQLite to file)", ["backup", "--output", sqliteArchive], sqlite));
    }
    if (targets.has("postgres")) runs.push(...(await postgresRuns(archive, work, env)));
    process.stdout.write(report(runs, archiveMb));
  } finally {
    rmSync(work, { recursive: true, force: true });
    await mariadb.stop();
  }
}

/** The restore of the archive into an empty PostgreSQL database, and the backup of that database. */
async function postgresRuns(archive: string, work: string, env: Record<string, string>): Promise<Run[]> {
  const postgres = await startBenchPostgres();
  try {
    const target = await postgres.createDatabase("m3_bench_backup_target");
    const restore = await runCommand(
      "restore (file to PostgreSQL)",
      ["restore", "--input", archive, "--database-url", target],
      env,
    );
    const backup = await runCommand(
      "backup (PostgreSQL to file)",
      ["backup", "--output", join(work, "from-postgres.jsonl.gz"), "--database-url", target],
      env,
    );
    return [restore, backup];
  } finally {
    await postgres.stop();
  }
}

function report(runs: readonly Run[], archiveMb: number): string {
  const lines = [
    `\n## Backup and restore of ${ANNOTATIONS.toLocaleString("en")} generated annotations with the real kb`,
    `(archive ${archiveMb.toFixed(0)} MB; ${cpus().length} CPUs; InnoDB buffer pool ${BUFFER_POOL}${MARIADB_OPTIONS.length > 0 ? `, ${MARIADB_OPTIONS.join(" ")}` : ""}; goal: ${GOAL_ROWS_PER_SECOND.toLocaleString("en")} rows/s each way, peak RSS under ${GOAL_MB} MB)\n`,
    "| run | rows | seconds | rows/s | wall s | peak RSS MB | load avg (1 min) start → end | goal met |",
    "|---|---:|---:|---:|---:|---:|---|---|",
  ];
  for (const run of runs) {
    const perSecond = run.rows / run.seconds;
    const met = perSecond >= GOAL_ROWS_PER_SECOND && run.peakMb < GOAL_MB ? "yes" : "no";
    lines.push(
      `| ${run.name} | ${run.rows.toLocaleString("en")} | ${run.seconds.toFixed(1)} | ${Math.round(perSecond).toLocaleString("en")} | ` +
        `${run.wallSeconds.toFixed(1)} | ${run.peakMb.toFixed(0)} | ${run.load[0].toFixed(2)} → ${run.load[1].toFixed(2)} | ${met} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
