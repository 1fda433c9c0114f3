/**
 * `m3`: the command line of m3 (package.json `bin`, also in the image). Every subcommand reads
 * the settings `m3 start` reads (the environment, ./data) and takes --database-url.
 */
import "./image-heap.js";
import { Command } from "commander";
import { M3_VERSION } from "../../../services/kit/version.js";
import { registerBackup } from "./commands/backup.command.js";
import { registerBoxes } from "./commands/boxes.command.js";
import { registerDatagen } from "./commands/datagen.command.js";
import { registerExport } from "./commands/export.command.js";
import { registerHealth } from "./commands/health.command.js";
import { registerImport } from "./commands/import.command.js";
import { registerKbImport } from "./commands/kb-import.command.js";
import { registerMigrate } from "./commands/migrate.command.js";
import { registerOperator } from "./commands/operator.command.js";
import { registerStart } from "./commands/start.command.js";
import { registerToken } from "./commands/token.command.js";
import { registerUsers } from "./commands/users.command.js";

const program = new Command("m3")
  .description("m3: a platform for managing and annotating underwater video")
  .version(M3_VERSION)
  .showHelpAfterError();
for (const register of [
  registerStart,
  registerMigrate,
  registerKbImport,
  registerDatagen,
  registerBackup,
  registerImport,
  registerExport,
  registerBoxes,
  registerToken,
  registerHealth,
  registerUsers,
  registerOperator,
]) {
  register(program);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`m3: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
