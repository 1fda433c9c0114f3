import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import test from "ava";
import { REPO_ROOT } from "../../../tools/m3/start/transpiled-tree.mjs";

/**
 * package.json's `prepare` script, which npm runs after `npm ci` and `npm install`, run as npm
 * runs it (sh -c, from the package's folder) in temporary folders shaped like the places it
 * runs in: the Dockerfile's dependency stage (package.json and package-lock.json alone) and
 * checkouts with small sources of their own (a console vite builds in a moment, a few modules).
 */
const PREPARE = (
  JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts.prepare;

function runPrepare(folder: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (PREPARE === undefined) throw new Error("package.json has no prepare script");
    const child = spawn("sh", ["-c", PREPARE], { cwd: folder, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

function temporaryFolder(t: { teardown(fn: () => void): void }): string {
  const folder = mkdtempSync(join(tmpdir(), "m3-prepare-"));
  t.teardown(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Installed packages of this checkout, all of them or only the named ones (as with --omit=dev). */
function linkNodeModules(folder: string, only?: readonly string[]): void {
  const installed = realpathSync(join(REPO_ROOT, "node_modules"));
  if (only === undefined) {
    symlinkSync(installed, join(folder, "node_modules"), "dir");
    return;
  }
  mkdirSync(join(folder, "node_modules"));
  for (const name of only) symlinkSync(join(installed, name), join(folder, "node_modules", name), "dir");
}

/**
 * A checkout in small: package.json, package-lock.json and tsconfig.json of this one, its start
 * tools, a one-module all-in-one, and a web console whose page loads `script`.
 */
function smallCheckout(folder: string, script = "./main.js"): void {
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  };
  for (const file of ["package.json", "package-lock.json", "tsconfig.json"])
    copyFileSync(join(REPO_ROOT, file), join(folder, file));
  const start = join("tools", "m3", "start");
  mkdirSync(join(folder, start), { recursive: true });
  for (const file of readdirSync(join(REPO_ROOT, start)).filter((name) => name.endsWith(".mjs")))
    copyFileSync(join(REPO_ROOT, start, file), join(folder, start, file));
  write(
    "tools/m3/all-in-one/main.ts",
    'import { port } from "../../../services/port.js";\nconsole.log(port);\n',
  );
  write("services/port.ts", "export const port: number = 8080;\n");
  write("proto/m3.proto", 'syntax = "proto3";\n');
  write(
    "gateway/console/vite.config.ts",
    [
      'import { fileURLToPath } from "node:url";',
      'export default { root: fileURLToPath(new URL(".", import.meta.url)), logLevel: "silent" };',
    ].join("\n"),
  );
  write(
    "gateway/console/index.html",
    `<!doctype html><html lang="en"><head><title>m3</title></head><body><script type="module" src="${script}"></script></body></html>\n`,
  );
  write("gateway/console/main.js", 'document.title = "m3 console";\n');
}

test("where only package.json and package-lock.json are (the Dockerfile's dependency stage), prepare does nothing and exits 0", async (t) => {
  const folder = temporaryFolder(t);
  for (const file of ["package.json", "package-lock.json"])
    copyFileSync(join(REPO_ROOT, file), join(folder, file));
  const { code, stderr } = await runPrepare(folder);
  t.is(code, 0, stderr);
  t.is(stderr, "");
  t.deepEqual(readdirSync(folder).sort(), ["package-lock.json", "package.json"]);
});

test("in a checkout, prepare builds the web console into .tmp/console and the transpiled copy npm start runs", async (t) => {
  const folder = temporaryFolder(t);
  smallCheckout(folder);
  linkNodeModules(folder);
  const first = await runPrepare(folder);
  t.is(first.code, 0, first.stderr);
  t.true(existsSync(join(folder, ".tmp", "console", "index.html")), first.stderr);
  t.true(existsSync(join(folder, ".tmp", "console", ".source-hash")));
  t.regex(first.stderr, /built the web console to \.tmp\/console/);
  t.true(existsSync(join(folder, ".tmp", "start", "tools", "m3", "all-in-one", "main.js")));
  t.true(existsSync(join(folder, ".tmp", "start", "services", "port.js")));

  // Installing again with nothing changed redoes nothing; a changed console source is rebuilt.
  const again = await runPrepare(folder);
  t.is(again.code, 0, again.stderr);
  t.is(again.stderr, "");
  writeFileSync(join(folder, "gateway", "console", "main.js"), 'document.title = "m3 console, changed";\n');
  const changed = await runPrepare(folder);
  t.regex(changed.stderr, /built the web console/);
  t.notRegex(changed.stderr, /transpiled/);
});

test("a console that fails to build leaves the installation going: exit 0, the failure named loudly, the rest done", async (t) => {
  const folder = temporaryFolder(t);
  smallCheckout(folder, "./missing.js");
  linkNodeModules(folder);
  const { code, stderr } = await runPrepare(folder);
  t.is(code, 0, stderr);
  t.regex(stderr, /THE WEB CONSOLE COULD NOT BE BUILT: the console build \(vite\) exited with 1/);
  t.regex(stderr, /npm start serves the API without the console and tries the build again/);
  t.false(existsSync(join(folder, ".tmp", "console")));
  t.true(existsSync(join(folder, ".tmp", "start", "tools", "m3", "all-in-one", "main.js")));
});

test("without vite (the dev dependencies omitted) prepare says the console is left unbuilt and transpiles the rest", async (t) => {
  const folder = temporaryFolder(t);
  smallCheckout(folder);
  linkNodeModules(folder, ["tsx"]);
  const { code, stderr } = await runPrepare(folder);
  t.is(code, 0, stderr);
  t.regex(stderr, /the web console is left unbuilt: vite is not installed/);
  t.false(existsSync(join(folder, ".tmp", "console")));
  t.true(existsSync(join(folder, ".tmp", "start", "services", "port.js")));
});
