/**
 * npm run kb:import -- [--database-url URL] [--file PATH]
 * Loads the kb dump into an empty kb (M3_KB_DATABASE_URL, M3_DATABASE_URL or ./data/kb.sqlite).
 */
import { parseArgs } from "node:util";
import { parseDatabaseUrl, redact } from "../../services/kit/storage/database-url.js";
import { DEFAULT_KB_DUMP, importKbDump } from "./kb-import.js";
import { progressBar } from "./progress-bar.js";

const DEFAULT_DATABASE = "./data/kb.sqlite";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { "database-url": { type: "string" }, file: { type: "string" }, help: { type: "boolean" } },
  });
  if (values.help) {
    process.stdout.write("usage: npm run kb:import -- [--database-url URL] [--file PATH]\n");
    return;
  }
  const url =
    values["database-url"] ??
    process.env.M3_KB_DATABASE_URL ??
    process.env.M3_DATABASE_URL ??
    DEFAULT_DATABASE;
  const file = values.file ?? process.env.M3_KB_DUMP ?? DEFAULT_KB_DUMP;
  process.stderr.write(`importing ${file} into ${redact(url)}\n`);
  const result = await importKbDump({ target: parseDatabaseUrl(url), file, onProgress: progressBar() });
  process.stderr.write(`${result.message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`kb import failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
