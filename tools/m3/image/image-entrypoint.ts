/**
 * The container image's ENTRYPOINT (`node tools/m3/image/image-entrypoint.js`, compiled): its
 * first argument selects the process, e.g. `kb`, `gateway`, `migrate kb annotation`.
 */
import { pathToFileURL } from "node:url";
import { imageCommandModule } from "./image-commands.js";

const [node = "node", , command, ...rest] = process.argv;
let module: string | undefined;
try {
  module = imageCommandModule(command);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
if (module !== undefined) {
  // The selected main sees its own arguments, as when started directly.
  process.argv = [node, module, ...rest];
  await import(pathToFileURL(module).href);
}
