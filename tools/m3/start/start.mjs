/**
 * `npm start`: the all-in-one process (tools/m3/all-in-one/main.ts) run from its transpiled
 * copy (transpiled-tree.mjs) with plain node, in this process, with this process's arguments
 * (`npm start -- --import-kb`). The web console is built first when missing or stale
 * (console-build.mjs), and the gateway serves that build (M3_CONSOLE_DIR). `npm ci` has made
 * both already (prepare.mjs), so on a fresh clone too this only checks that they are current.
 */
import { pathToFileURL } from "node:url";
import { CONSOLE_OUT, ensureConsoleBuilt } from "./console-build.mjs";
import { transpiledEntry } from "./transpiled-tree.mjs";

// The API does not need the console: a missing or failed build is reported and / says how to build it.
await ensureConsoleBuilt().then(
  (result) => {
    if (result === "unavailable")
      console.error("the web console is not built and vite is not installed (npm ci installs it)");
  },
  (error) => {
    console.error(`the web console could not be built: ${error.message}; the API serves without it`);
  },
);
process.env.M3_CONSOLE_DIR ||= CONSOLE_OUT;
const main = await transpiledEntry("tools/m3/all-in-one/main.ts");
await import(pathToFileURL(main).href);
