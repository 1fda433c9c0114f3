import type { Command } from "commander";
import { printResult } from "../cli-settings.js";

interface Readiness {
  status: string;
  domains: Record<string, string>;
  databases?: Record<string, string>;
}

/** `m3 health`: every domain's readiness from the gateway's /status; exit code 0 only when ready. */
export function registerHealth(program: Command): void {
  program
    .command("health")
    .description("every domain's readiness (exit code 0 when all serve, 1 otherwise)")
    .option(
      "--url <url>",
      "the gateway",
      process.env.M3_URL || `http://localhost:${process.env.PORT || 8080}`,
    )
    .option("--timeout <millis>", "how long to wait for the gateway", "5000")
    .option("--json", "print /status's answer as JSON")
    .action(async (options: { url: string; timeout: string; json?: boolean }) => {
      let readiness: Readiness;
      try {
        const reply = await fetch(new URL("/status", options.url), {
          signal: AbortSignal.timeout(Number(options.timeout)),
        });
        readiness = (await reply.json()) as Readiness;
      } catch (error) {
        readiness = { status: "unreachable", domains: {} };
        if (!options.json) process.stderr.write(`${options.url}: ${(error as Error).message}\n`);
      }
      const lines = [
        `m3 at ${options.url}: ${readiness.status}`,
        ...Object.entries(readiness.domains).map(([domain, state]) => {
          const database = readiness.databases?.[domain];
          return `  ${domain.padEnd(11)} ${state}${database ? ` (database ${database})` : ""}`;
        }),
      ];
      printResult(options.json === true, readiness, lines.join("\n"));
      process.exitCode = readiness.status === "ok" ? 0 : 1;
    });
}
