import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";

const START_SCRIPT = fileURLToPath(new URL("../../start/start.mjs", import.meta.url));
/** As package.json's `npm start` runs node (docs/architecture.md, Processes: the young generation). */
const NODE_OPTIONS = ["--max-semi-space-size=64"];

/** `m3 start`: what `npm start` runs, in a child node with npm start's node options. */
export function registerStart(program: Command): void {
  program
    .command("start")
    .description("run every domain and the gateway in one process (what `npm start` runs)")
    .option("--import-kb", "load the real knowledge base into an empty kb first")
    .option("--demo", "load the real kb and the demo data set (dives, video, annotations, users)")
    .option(
      "--database-url <url>",
      "mysql://user:pw@host:port/db for every domain (default: SQLite under ./data)",
    )
    .action((options: { importKb?: boolean; demo?: boolean; databaseUrl?: string }) => {
      const flags = [...(options.importKb ? ["--import-kb"] : []), ...(options.demo ? ["--demo"] : [])];
      const env = {
        ...process.env,
        ...(options.databaseUrl ? { M3_DATABASE_URL: options.databaseUrl } : {}),
      };
      const child = spawn(process.execPath, [...NODE_OPTIONS, START_SCRIPT, ...flags], {
        stdio: "inherit",
        env,
      });
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
      child.on("exit", (code, signal) => {
        process.exitCode = code ?? (signal ? 1 : 0);
      });
    });
}
