/**
 * `npm start`: the all-in-one process (tools/m3/all-in-one/main.ts) run from its transpiled
 * copy (transpiled-tree.mjs) with plain node, in this process, with this process's arguments
 * (`npm start -- --import-kb`). The web console is built first when missing or stale
 * (console-build.mjs), and the gateway serves that build (M3_CONSOLE_DIR).
 */
import { pathToFileURL } from "node:url";
import { CONSOLE_OUT, ensureConsoleBuilt } from "./console-build.mjs";
import { transpiledEntry } from "./transpiled-tree.mjs";

await ensureConsoleBuilt().catch((error) => {
  // The API does not need the console: a failed build is reported and / says how to build it.
  console.error(`the web console could not be built: ${error.message}`);
});
process.env.M3_CONSOLE_DIR ||= CONSOLE_OUT;
const main = await transpiledEntry("tools/m3/all-in-one/main.ts");
await import(pathToFileURL(main).href);
