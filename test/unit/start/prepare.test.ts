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

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(folder: string, command: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: folder, stdio: ["ignore", "pipe", "pipe"] });
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      output.stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output.stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, ...output }));
  });
}

function runPrepare(folder: string): Promise<Run> {
  if (PREPARE === undefined) throw new Error("package.json has no prepare script");
  return run(folder, "sh", ["-c", PREPARE]);
}

/** npm start's launcher (tools/m3/start/start.mjs); the small checkout's main prints its port. */
function runStart(folder: string): Promise<Run> {
  return run(folder, process.execPath, [join("tools", "m3", "start", "start.mjs")]);
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
  const { code, stdout, stderr } = await runPrepare(folder);
  t.is(code, 0, stderr);
  t.is(stdout + stderr, "");
  t.deepEqual(readdirSync(folder).sort(), ["package-lock.json", "package.json"]);
});

test("in a checkout, prepare builds the web console into .tmp/console and the transpiled copy, and npm start then redoes neither", async (t) => {
  const folder = temporaryFolder(t);
  smallCheckout(folder);
  linkNodeModules(folder);
  const prepared = await runPrepare(folder);
  t.is(prepared.code, 0, prepared.stderr);
  t.true(existsSync(join(folder, ".tmp", "console", "index.html")), prepared.stderr);
  t.true(existsSync(join(folder, ".tmp", "console", ".source-hash")));
  t.regex(prepared.stderr, /built the web console to \.tmp\/console/);
  t.regex(prepared.stderr, /transpiled 2 changed TypeScript files to \.tmp\/start/);
  t.true(existsSync(join(folder, ".tmp", "start", "tools", "m3", "all-in-one", "main.js")));

  const started = await runStart(folder);
  t.is(started.code, 0, started.stderr);
  t.is(started.stdout, "8080\n", "the transpiled main ran");
  t.is(started.stderr, "", "nothing was built or transpiled again");
  t.is((await runPrepare(folder)).stderr, "", "installing again redoes nothing either");
});

test("npm start still rebuilds the console when its sources changed after the installation", async (t) => {
  const folder = temporaryFolder(t);
  smallCheckout(folder);
  linkNodeModules(folder);
  t.is((await runPrepare(folder)).code, 0);
  const built = readFileSync(join(folder, ".tmp", "console", ".source-hash"), "utf8");
  writeFileSync(join(folder, "gateway", "console", "main.js"), 'document.title = "m3 console, changed";\n');
  const started = await runStart(folder);
  t.is(started.code, 0, started.stderr);
  t.regex(started.stderr, /built the web console to \.tmp\/console/);
  t.notRegex(started.stderr, /transpiled/);
  t.not(readFileSync(join(folder, ".tmp", "console", ".source-hash"), "utf8"), built);
});

test("a console that fails to build leaves the installation going (exit 0, the failure named loudly, the rest done) and npm start running", async (t) => {
  const folder = temporaryFolder(t);
  smallCheckout(folder, "./missing.js");
  linkNodeModules(folder);
  const { code, stderr } = await runPrepare(folder);
  t.is(code, 0, stderr);
  t.regex(stderr, /THE WEB CONSOLE COULD NOT BE BUILT: the console build \(vite\) exited with 1/);
  t.regex(stderr, /npm start serves the API without the console and tries the build again/);
  t.false(existsSync(join(folder, ".tmp", "console")));
  t.true(existsSync(join(folder, ".tmp", "start", "tools", "m3", "all-in-one", "main.js")));

  // npm start tries the build again, says it failed, and runs the rest all the same.
  const started = await runStart(folder);
  t.is(started.code, 0, started.stderr);
  t.regex(started.stderr, /the web console could not be built: .*; the API serves without it/);
  t.is(started.stdout, "8080\n");
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
