import { fileURLToPath } from "node:url";

/**
 * Where `npm run console:build` writes the console, for runs from the source tree (tsx, tests).
 * `npm start` runs a transpiled copy elsewhere and passes the folder in M3_CONSOLE_DIR.
 */
export const DEFAULT_CONSOLE_ROOT = fileURLToPath(new URL("../../../.tmp/console", import.meta.url));
