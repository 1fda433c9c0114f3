import type { Command } from "commander";
import { readLogFormat } from "../../../../services/kit/log/log-format.js";
import { createLogger } from "../../../../services/kit/log/logger.js";
import { readPlatformSettings } from "../../backup/backup-settings.js";
import { importLegacy } from "../../import/import-legacy.js";
import { importM3 } from "../../import/import-m3.js";
import { type ImportReport, reportFails, reportText } from "../../import/run/import-report.js";
import { printResult } from "../cli-settings.js";
import { progress } from "../progress.js";

interface CommonOptions {
  merge?: boolean;
  prune?: boolean;
  dryRun?: boolean;
  databaseUrl?: string;
  json?: boolean;
}

/** Log lines (the histogram counts recounted, warnings) go to stderr: stdout is the report, JSON with --json. */
function logToStderr(): void {
  createLogger({
    name: "m3-import",
    format: readLogFormat(process.env, process.stderr.isTTY === true),
    destination: process.stderr,
  });
}

/** A progress bar per table on a terminal (a line now and then otherwise); none with --json. */
function tableProgress(json: boolean) {
  if (json) return { onTable: undefined, stop: () => undefined };
  let current: { table: string; bar: ReturnType<typeof progress> } | undefined;
  return {
    onTable(table: string, done: number, total: number) {
      if (current?.table !== table) {
        current?.bar.stop();
        current = { table, bar: progress("rows") };
      }
      current.bar.update(done, total, table);
    },
    stop: () => current?.bar.stop(),
  };
}

function finish(options: CommonOptions, report: ImportReport): void {
  printResult(options.json === true, report, reportText(report));
  if (reportFails(report)) process.exitCode = 1;
}

/** `m3 import legacy` and `m3 import m3`: move a site's data into m3, re-runnably (docs/moving-from-m3.md). */
export function registerImport(program: Command): void {
  const command = program.command("import").description("merge another M3's or m3's data into this m3");
  command
    .command("legacy")
    .description("read a legacy M3's databases (oni, vampire-squid, annosaurus) and merge them into m3")
    .option(
      "--from <url>",
      "one PostgreSQL database holding every service's tables, as the quickstart's M3_VARS",
    )
    .option("--kb-from <url>", "oni's database (a database per service)")
    .option("--registry-from <url>", "vampire-squid's database")
    .option("--annotation-from <url>", "annosaurus's database")
    .option(
      "--merge",
      "merge into an m3 that already holds rows (a first import otherwise needs an empty m3)",
    )
    .option("--prune", "delete m3's records the source no longer holds")
    .option("--dry-run", "read and count only: change nothing")
    .option("--database-url <url>", "the database of every m3 domain (default: the settings of m3 start)")
    .option("--json", "print the report as JSON instead of progress bars and text")
    .action(
      async (
        options: CommonOptions & {
          from?: string;
          kbFrom?: string;
          registryFrom?: string;
          annotationFrom?: string;
        },
      ) => {
        logToStderr();
        const bars = tableProgress(options.json === true);
        const report = await importLegacy(
          {
            kb: options.kbFrom ?? options.from,
            registry: options.registryFrom ?? options.from,
            annotation: options.annotationFrom ?? options.from,
          },
          readPlatformSettings(process.env, { databaseUrl: options.databaseUrl }),
          { merge: options.merge, prune: options.prune, dryRun: options.dryRun, onTable: bars.onTable },
        ).finally(bars.stop);
        finish(options, report);
      },
    );
  command
    .command("m3")
    .description(
      "merge another m3's records (a ship's at sea, say) into this m3; the newer last-updated time wins",
    )
    .requiredOption(
      "--from <where>",
      "the other m3: a database URL, its data folder (SQLite files), or an m3 backup archive (file or s3://bucket/key)",
    )
    .option("--prune", "delete this m3's records the other no longer holds")
    .option("--dry-run", "read and count only: change nothing")
    .option(
      "--database-url <url>",
      "the database of every domain of this m3 (default: the settings of m3 start)",
    )
    .option("--json", "print the report as JSON instead of progress bars and text")
    .action(async (options: CommonOptions & { from: string }) => {
      logToStderr();
      const bars = tableProgress(options.json === true);
      const report = await importM3(
        options.from,
        readPlatformSettings(process.env, { databaseUrl: options.databaseUrl }),
        { prune: options.prune, dryRun: options.dryRun, onTable: bars.onTable },
      ).finally(bars.stop);
      finish(options, report);
    });
}
