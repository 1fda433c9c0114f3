import type { Command } from "commander";
import { MIGRATABLE_DOMAINS, migrateDomains } from "../../migrate/migrate.js";
import { cliSettings, printResult } from "../cli-settings.js";

/** `m3 migrate [domain...]`: the pending schema migrations, as the chart's pre-upgrade Job runs them. */
export function registerMigrate(program: Command): void {
  program
    .command("migrate")
    .description("apply the pending schema migrations of the domains with a database")
    .argument("[domains...]", `domains to migrate (default: ${MIGRATABLE_DOMAINS.join(", ")})`)
    .option("--database-url <url>", "the database of every domain (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (domains: string[], options: { databaseUrl?: string; json?: boolean }) => {
      const { env, dataDir } = cliSettings(options);
      const migrated = await migrateDomains(domains.length > 0 ? domains : MIGRATABLE_DOMAINS, env, dataDir);
      printResult(
        options.json === true,
        migrated,
        migrated.map(({ domain, database }) => `${domain}: schema up to date (${database})`).join("\n"),
      );
    });
}
