/**
 * npm run restore -- --input FILE|s3://bucket/key [--force] [--database-url URL]
 * (the image's `restore` command). Loads an archive into the platform configured as for `npm start`.
 */
import { parseArgs } from "node:util";
import { sectionProgress } from "./backup-progress.js";
import { parseArchiveLocation, readPlatformSettings } from "./backup-settings.js";
import { restorePlatform } from "./restore.js";

const USAGE = `usage: npm run restore -- --input FILE|s3://bucket/key [--force] [--database-url URL]
  Restores into an empty platform (migrated first); --force replaces the rows of domains that hold data.
  Nothing is committed unless the whole archive checks out. Stop the platform first, or restart it after.
  Databases: --database-url, else M3_<DOMAIN>_DATABASE_URL, M3_DATABASE_URL, else <M3_DATA_DIR>/<domain>.sqlite.
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      input: { type: "string" },
      force: { type: "boolean" },
      "database-url": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (values.input === undefined) throw new Error(`--input is required\n${USAGE}`);
  const { location, folder } = parseArchiveLocation(values.input);
  if (folder) throw new Error("--input names one archive, not a folder");
  const result = await restorePlatform({
    settings: readPlatformSettings(process.env, { databaseUrl: values["database-url"] }),
    input: location,
    force: values.force === true,
    onProgress: sectionProgress("restored"),
  });
  const { images } = result;
  process.stderr.write(
    `\nrestored ${result.rows} rows of ${Object.keys(result.tables).length} tables ` +
      `(archive of ${result.header.createdAt}, m3 ${result.header.m3Version}) in ${result.seconds.toFixed(1)} s ` +
      `(${Math.round(result.rows / result.seconds)} rows/s)\n` +
      `images: ${images.present} of ${images.listed} listed are in the image store` +
      (images.missingCount > 0
        ? `; ${images.missingCount} missing, e.g. ${images.missing.slice(0, 3).join(", ")}`
        : "") +
      (images.differingCount > 0
        ? `; ${images.differingCount} differ, e.g. ${images.differing.slice(0, 3).join(", ")}`
        : "") +
      "\n",
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`\nrestore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
