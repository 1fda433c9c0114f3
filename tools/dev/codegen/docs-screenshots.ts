/**
 * `npm run docs:screenshots`: remakes the console's screenshots in `docs/screenshots/`. The console
 * tests take them (checkScreen in tools/dev/fixtures/browser-page.ts, with
 * M3_CONSOLE_SCREENSHOTS=update) at the moment each test has set the screen up, on a platform
 * holding the demo (the same load as `npm start -- --demo`), so a picture is always of a screen
 * its test has just checked. The files named for MariaDB and PostgreSQL are left out: they drive
 * the same screens and would take the same pictures again.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./k8s/k8s-tools.js";

const CONSOLE_TESTS = "test/e2e/console";
const OTHER_ENGINES = /-(mariadb|postgres)\.test\.ts$/;

const files = readdirSync(join(REPO_ROOT, CONSOLE_TESTS))
  .filter((name) => name.endsWith(".test.ts") && !OTHER_ENGINES.test(name))
  .sort()
  .map((name) => `${CONSOLE_TESTS}/${name}`);
const run = spawnSync("npx", ["ava", ...files], {
  cwd: REPO_ROOT,
  stdio: "inherit",
  env: { ...process.env, M3_CONSOLE_SCREENSHOTS: "update" },
});
process.exit(run.status ?? 1);
