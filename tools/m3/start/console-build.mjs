/**
 * The web console's build (vite, gateway/console) for `npm start`, `npm run console:build` and
 * the console tests: redone only when its sources changed. The key is a hash of every file of
 * gateway/console and of package-lock.json, kept beside the output in
 * .tmp/console/.source-hash. The build goes to a temporary folder renamed into place, so a
 * gateway serving the previous build never sees half of the next one.
 *
 * Plain JavaScript on purpose: `npm start` runs it before anything can load TypeScript.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { REPO_ROOT } from "./transpiled-tree.mjs";

export const CONSOLE_SOURCES = join(REPO_ROOT, "gateway", "console");
export const CONSOLE_OUT = join(REPO_ROOT, ".tmp", "console");
const HASH_FILE = ".source-hash";
/** Installed or built beside the sources, not sources themselves. */
const NOT_SOURCES = new Set(["node_modules", "dist"]);

/** The hash of the console's sources and of the locked dependency versions. */
export function consoleSourceHash() {
  const hash = createHash("sha256");
  const walk = (folder) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_SOURCES.has(entry.name)) walk(path);
      } else if (entry.isFile()) {
        hash.update(`${relative(CONSOLE_SOURCES, path).split(sep).join("/")}\0`);
        hash.update(readFileSync(path));
      }
    }
  };
  walk(CONSOLE_SOURCES);
  hash.update(readFileSync(join(REPO_ROOT, "package-lock.json")));
  return hash.digest("hex").slice(0, 20);
}

/** Whether .tmp/console holds a build of the current sources. */
export function consoleBuildIsCurrent(hash = consoleSourceHash()) {
  try {
    return (
      readFileSync(join(CONSOLE_OUT, HASH_FILE), "utf8") === hash &&
      existsSync(join(CONSOLE_OUT, "index.html"))
    );
  } catch {
    return false;
  }
}

/**
 * Builds the console unless the build is current; resolves to "current", "built" or, when vite
 * is not installed (production dependencies only), "unavailable", which the caller reports. A
 * failed build rejects.
 */
export async function ensureConsoleBuilt({ log = (line) => console.error(line) } = {}) {
  const hash = consoleSourceHash();
  if (consoleBuildIsCurrent(hash)) return "current";
  let vite;
  try {
    vite = join(
      dirname(createRequire(join(REPO_ROOT, "package.json")).resolve("vite/package.json")),
      "bin",
      "vite.js",
    );
  } catch {
    return "unavailable";
  }
  const started = performance.now();
  const temporary = `${CONSOLE_OUT}.${process.pid}.tmp`;
  const args = [
    vite,
    "build",
    "--config",
    join(CONSOLE_SOURCES, "vite.config.ts"),
    "--outDir",
    temporary,
    "--logLevel",
    "warn",
  ];
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`the console build (vite) exited with ${code}`)),
    );
  }).catch((error) => {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  });
  writeFileSync(join(temporary, HASH_FILE), hash);
  rmSync(CONSOLE_OUT, { recursive: true, force: true });
  try {
    renameSync(temporary, CONSOLE_OUT);
  } catch (error) {
    // Another start built the same sources at the same time and renamed its build first.
    rmSync(temporary, { recursive: true, force: true });
    if (!consoleBuildIsCurrent(hash)) throw error;
  }
  log(`built the web console to .tmp/console in ${Math.round(performance.now() - started)} ms`);
  return "built";
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const result = await ensureConsoleBuilt();
  if (result === "current") console.error("the web console build in .tmp/console is current");
  if (result === "unavailable") {
    console.error("the web console is not built: vite is not installed (npm ci installs it)");
    process.exitCode = 1;
  }
}
