import type { Command } from "commander";
import { DEFAULT_KB_DUMP, importKbDump } from "../../kb-import/kb-import.js";
import { cliSettings, domainTarget, printResult } from "../cli-settings.js";
import { progress } from "../progress.js";

/** `m3 kb import`: the real kb dump (or another) into an empty kb. */
export function registerKbImport(program: Command): void {
  const kb = program.command("kb").description("the knowledge base");
  kb.command("import")
    .description("load a kb dump (default: MBARI's, shipped in services/kb/seed) into an empty kb")
    .option(
      "--file <path>",
      "a kb-dump .json or a .zip holding one",
      process.env.M3_KB_DUMP || DEFAULT_KB_DUMP,
    )
    .option("--database-url <url>", "the kb's database (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (options: { file: string; databaseUrl?: string; json?: boolean }) => {
      const bar = options.json ? undefined : progress("rows");
      const result = await importKbDump({
        target: domainTarget(cliSettings(options), "kb"),
        file: options.file,
        onProgress: ({ done, total, table }) => bar?.update(done, total, table),
      });
      bar?.stop();
      printResult(options.json === true, result, result.message);
    });
}
