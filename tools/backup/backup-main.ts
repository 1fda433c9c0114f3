/**
 * npm run backup -- --output FILE|FOLDER/|s3://bucket/key|s3://bucket/prefix/ [--retain N] [--database-url URL]
 * (the image's `backup` command). Writes one archive of the platform configured as for `npm start`.
 */
import { parseArgs } from "node:util";
import { backupPlatform } from "./backup.js";
import { describeLocation, sectionProgress } from "./backup-progress.js";
import { parseArchiveLocation, readPlatformSettings } from "./backup-settings.js";

const USAGE = `usage: npm run backup -- --output FILE|FOLDER/|s3://bucket/key|s3://bucket/prefix/ [--retain N] [--database-url URL]
  An output ending in / is a folder or key prefix: the archive is named m3-backup-<UTC time>.jsonl.gz
  there, and --retain N keeps only the newest N such archives.
  Databases: --database-url, else M3_<DOMAIN>_DATABASE_URL, M3_DATABASE_URL, else <M3_DATA_DIR>/<domain>.sqlite;
  images: M3_UPLOAD_S3_* or M3_UPLOAD_DIR; s3:// archives: M3_BACKUP_S3_* (default M3_UPLOAD_S3_*).
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      output: { type: "string" },
      retain: { type: "string" },
      "database-url": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (values.output === undefined) throw new Error(`--output is required\n${USAGE}`);
  const { location, folder } = parseArchiveLocation(values.output);
  const retain = values.retain === undefined ? undefined : Number(values.retain);
  if (retain !== undefined && (!Number.isInteger(retain) || retain < 1)) {
    throw new Error("--retain must be a positive integer");
  }
  if (retain !== undefined && !folder)
    throw new Error("--retain needs a folder or prefix output (ending in /)");
  const result = await backupPlatform({
    settings: readPlatformSettings(process.env, { databaseUrl: values["database-url"] }),
    output: location,
    folder,
    retain,
    onProgress: sectionProgress("backing up"),
  });
  process.stderr.write(
    `\nwrote ${describeLocation(result.location)}: ${result.rows} rows in ${result.sections.length} sections, ` +
      `${result.seconds.toFixed(1)} s (${Math.round(result.rows / result.seconds)} rows/s)\n`,
  );
  for (const name of result.deleted) process.stderr.write(`deleted the older archive ${name}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`\nbackup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
