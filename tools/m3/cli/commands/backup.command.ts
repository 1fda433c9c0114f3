import type { Command } from "commander";
import { backupPlatform } from "../../backup/backup.js";
import { describeLocation, sectionProgress } from "../../backup/backup-progress.js";
import { parseArchiveLocation, readPlatformSettings } from "../../backup/backup-settings.js";
import { restorePlatform } from "../../backup/restore.js";
import { printResult } from "../cli-settings.js";

const positive = (text: string) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error("--retain must be a positive integer");
  return value;
};

/** `m3 backup` and `m3 restore`: one portable archive of every domain (docs/backup-restore.md). */
export function registerBackup(program: Command): void {
  program
    .command("backup")
    .description("write one archive of every domain: versioned, checksummed JSON lines per table, gzipped")
    .requiredOption(
      "--output <where>",
      "FILE, FOLDER/, s3://bucket/key or s3://bucket/prefix/ (a / names a folder)",
    )
    .option("--retain <n>", "with a folder or prefix: keep only the newest n archives there", positive)
    .option("--database-url <url>", "the database of every domain (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (options: { output: string; retain?: number; databaseUrl?: string; json?: boolean }) => {
      const { location, folder } = parseArchiveLocation(options.output);
      if (options.retain !== undefined && !folder)
        throw new Error("--retain needs a folder or prefix output (ending in /)");
      const result = await backupPlatform({
        settings: readPlatformSettings(process.env, { databaseUrl: options.databaseUrl }),
        output: location,
        folder,
        retain: options.retain,
        onProgress: options.json ? undefined : sectionProgress("backing up"),
      });
      printResult(
        options.json === true,
        {
          location: describeLocation(result.location),
          rows: result.rows,
          seconds: result.seconds,
          deleted: result.deleted,
        },
        `\nwrote ${describeLocation(result.location)}: ${result.rows} rows in ${result.sections.length} sections, ` +
          `${result.seconds.toFixed(1)} s (${Math.round(result.rows / result.seconds)} rows/s)` +
          result.deleted.map((name) => `\ndeleted the older archive ${name}`).join(""),
      );
    });
  program
    .command("restore")
    .description("load an archive into an empty platform (migrated first); all or nothing")
    .requiredOption("--input <where>", "FILE or s3://bucket/key")
    .option("--force", "replace the rows of domains that already hold data")
    .option("--database-url <url>", "the database of every domain (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (options: { input: string; force?: boolean; databaseUrl?: string; json?: boolean }) => {
      const { location, folder } = parseArchiveLocation(options.input);
      if (folder) throw new Error("--input names one archive, not a folder");
      const result = await restorePlatform({
        settings: readPlatformSettings(process.env, { databaseUrl: options.databaseUrl }),
        input: location,
        force: options.force === true,
        onProgress: options.json ? undefined : sectionProgress("restored"),
      });
      const { images } = result;
      printResult(
        options.json === true,
        { rows: result.rows, tables: result.tables, seconds: result.seconds, images },
        `\nrestored ${result.rows} rows of ${Object.keys(result.tables).length} tables ` +
          `(archive of ${result.header.createdAt}, m3 ${result.header.m3Version}) in ${result.seconds.toFixed(1)} s\n` +
          `images: ${images.present} of ${images.listed} listed are in the image store` +
          (images.missingCount > 0
            ? `; ${images.missingCount} missing, e.g. ${images.missing.slice(0, 3).join(", ")}`
            : "") +
          (images.differingCount > 0
            ? `; ${images.differingCount} differ, e.g. ${images.differing.slice(0, 3).join(", ")}`
            : ""),
      );
    });
}
