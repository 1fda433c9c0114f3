/**
 * `tsx tools/m3/migrate/main.ts [domain ...]` (the image's `migrate` command): applies the
 * pending schema migrations of the named domains (default: every domain with a database)
 * and exits; the chart runs it as a pre-install/pre-upgrade Job.
 */
import { resolve } from "node:path";
import { readLogFormat } from "../../../services/kit/log/log-format.js";
import { createLogger } from "../../../services/kit/log/logger.js";
import { MIGRATABLE_DOMAINS, migrateDomains } from "./migrate.js";

const logger = createLogger({
  name: "m3-migrate",
  level: process.env.M3_LOG_LEVEL || "info",
  format: readLogFormat(process.env),
});
const requested = process.argv.slice(2);
try {
  const migrated = await migrateDomains(
    requested.length > 0 ? requested : MIGRATABLE_DOMAINS,
    process.env,
    resolve(process.env.M3_DATA_DIR || "./data"),
  );
  for (const { domain, database, histogramCounts } of migrated) {
    logger.info({ domain, database, histogramCounts }, "schema up to date");
  }
} catch (error) {
  logger.fatal({ err: error }, "migration failed");
  process.exitCode = 1;
}
