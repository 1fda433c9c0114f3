/**
 * npm's `prepare` step, run by `npm ci` and `npm install` in a checkout: builds now what the
 * first `npm start` would otherwise build before serving, the web console (console-build.mjs,
 * .tmp/console) and the transpiled copy of the sources (transpiled-tree.mjs, .tmp/start), both
 * at once. npm start still checks both and redoes what went stale since.
 *
 * It never fails the installation. Without sources it does nothing: the Dockerfile's dependency
 * stage runs `npm ci` with only package.json and package-lock.json, and package.json runs this
 * file only where it exists. Without vite (`npm ci --omit=dev`) the console is left unbuilt. A
 * failed step is reported and left to npm start, which serves the API without a console.
 *
 * Plain JavaScript on purpose: it runs before anything can load TypeScript. It runs when
 * imported (package.json's `prepare` imports it where it exists).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CONSOLE_SOURCES, ensureConsoleBuilt } from "./console-build.mjs";
import { REPO_ROOT, transpiledEntry } from "./transpiled-tree.mjs";

/** What npm start runs, and so what the transpiled copy is made for. */
const START_ENTRY = "tools/m3/all-in-one/main.ts";
const log = (line) => console.error(line);

await Promise.all([
  existsSync(join(CONSOLE_SOURCES, "index.html")) ? buildConsole() : undefined,
  existsSync(join(REPO_ROOT, START_ENTRY)) ? transpile() : undefined,
]);

async function buildConsole() {
  try {
    if ((await ensureConsoleBuilt({ log })) === "unavailable") {
      log(
        "m3: the web console is left unbuilt: vite is not installed (the dev dependencies were omitted); " +
          "npm start serves the API and says at / how to build the console",
      );
    }
  } catch (error) {
    log(
      [
        "",
        `m3: THE WEB CONSOLE COULD NOT BE BUILT: ${error.message} (vite's output above says why).`,
        "    The installation goes on: npm start serves the API without the console and tries the build again.",
        "    To build the console alone: npm run console:build",
        "",
      ].join("\n"),
    );
  }
}

async function transpile() {
  try {
    await transpiledEntry(START_ENTRY);
  } catch (error) {
    log(`m3: the sources could not be transpiled to .tmp/start (${error.message}); npm start tries again`);
  }
}
