import type { Command } from "commander";
import { readLogFormat } from "../../../../services/kit/log/log-format.js";
import { createLogger } from "../../../../services/kit/log/logger.js";
import { MIGRATABLE_DOMAINS, type MigratedDomain, migrateDomains } from "../../migrate/migrate.js";
import { cliSettings, printResult } from "../cli-settings.js";

/** What `m3 migrate` says of a domain's kept histogram counts, when it has them. */
const HISTOGRAM_COUNTS_TEXT = {
  kept: "histogram counts kept",
  "turned-on": "histogram counts turned on (triggers made, annotations counted)",
  off: "histogram counts off: the database refused their triggers (see the warning)",
} as const;

function describe({ domain, database, histogramCounts }: MigratedDomain): string {
  const counts = histogramCounts ? `; ${HISTOGRAM_COUNTS_TEXT[histogramCounts]}` : "";
  return `${domain}: schema up to date (${database})${counts}`;
}

/**
 * `m3 migrate [domain...]`: the pending schema migrations, as the chart's pre-upgrade Job runs
 * them, and the annotation histogram counts' triggers when missing (a user once refused them).
 */
export function registerMigrate(program: Command): void {
  program
    .command("migrate")
    .description(
      "apply the pending schema migrations of the domains with a database, and make the annotation histogram counts' triggers when missing",
    )
    .argument("[domains...]", `domains to migrate (default: ${MIGRATABLE_DOMAINS.join(", ")})`)
    .option("--database-url <url>", "the database of every domain (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (domains: string[], options: { databaseUrl?: string; json?: boolean }) => {
      const { env, dataDir } = cliSettings(options);
      // Warnings (e.g. triggers refused) go to stderr: stdout is the result, JSON with --json.
      createLogger({
        name: "m3-migrate",
        format: readLogFormat(env, process.stderr.isTTY === true),
        destination: process.stderr,
      });
      const migrated = await migrateDomains(domains.length > 0 ? domains : MIGRATABLE_DOMAINS, env, dataDir);
      printResult(options.json === true, migrated, migrated.map(describe).join("\n"));
    });
}
