/**
 * A JavaScript copy of the sources for `npm start`, kept current file by file.
 *
 * Through tsx, every start transpiles or re-reads ~500 TypeScript modules on a loader thread
 * (~0.7 s with tsx's cache, ~3 s without it, as after a fresh clone). Here each .ts file under
 * the source folders is transpiled once, by the esbuild that tsx itself runs and with the
 * options of tsconfig.json (so the code runs as it does in the tests), to the same path below
 * .tmp/start with a .js name; the other files (the .proto files, the kb dump, package.json)
 * are copied beside them, so paths taken from import.meta.url resolve as in the source tree,
 * and node_modules resolves from the repository above. A start stats the sources (~20 ms),
 * redoes the files whose size or modification time changed and removes those whose source is
 * gone; only then is esbuild loaded at all.
 *
 * Plain JavaScript on purpose: it runs before anything can load TypeScript.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const TRANSPILED_ROOT = join(REPO_ROOT, ".tmp", "start");

/** What the processes import or read at run time; test/ and tools/dev are never imported by them. */
const SOURCE_FOLDERS = ["services", "gateway", "proto", join("tools", "m3")];
const SOURCE_FILES = ["package.json"];
/** Sources no process imports: the web console is built by vite (console-build.mjs), not run by node. */
const SKIPPED_FOLDERS = new Set(["gateway/console"]);
const MANIFEST = ".manifest.json";
/** Raise to redo every file when the transpilation below changes. */
const FORMAT_VERSION = 2;

/**
 * Brings the copy up to date and returns the path of the JavaScript file of `entry` (a .ts
 * path relative to the repository).
 */
export async function transpiledEntry(entry) {
  const started = performance.now();
  const options = { root: REPO_ROOT, out: TRANSPILED_ROOT, folders: SOURCE_FOLDERS, files: SOURCE_FILES };
  const redone = (await syncTranspiledTree(options)).filter(isTypeScript).length;
  if (redone > 0) {
    // Its service process would otherwise idle beside the server until it exits.
    tsxRequire("esbuild").stop();
    const millis = Math.round(performance.now() - started);
    console.error(`transpiled ${redone} changed TypeScript files to .tmp/start in ${millis} ms`);
  }
  return join(TRANSPILED_ROOT, outputName(entry));
}

/**
 * Makes `out` hold every file of `folders` and `files` (relative to `root`), each .ts file
 * transpiled to a .js file of the same name, and nothing else; returns the paths redone.
 */
export async function syncTranspiledTree({ root, out, folders, files }) {
  const sources = listSources(root, folders, files);
  const key = transpileKey(root);
  const previous = readManifest(out, key);
  const changed = [...sources].filter(([file, stamp]) => previous.get(file) !== stamp).map(([file]) => file);
  const removed = [...previous.keys()].filter((file) => !sources.has(file));
  if (changed.length === 0 && removed.length === 0) return [];
  for (const file of removed) {
    rmSync(join(out, outputName(file)), { force: true });
    if (isTypeScript(file)) rmSync(join(out, `${outputName(file)}.map`), { force: true });
  }
  await writeOutputs(root, out, changed);
  writeAtomically(join(out, MANIFEST), JSON.stringify({ key, files: Object.fromEntries(sources) }));
  return changed;
}

/** Every source file with its stamp (size and modification time), by its /-separated path. */
function listSources(root, folders, files) {
  const sources = new Map();
  const add = (file) => {
    const stats = statSync(join(root, file));
    sources.set(file.split(sep).join("/"), `${stats.size}:${stats.mtimeMs}`);
  };
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(file.split(sep).join("/"))) walk(file);
      } else if (entry.isFile() && !entry.name.endsWith(".d.ts")) add(file);
    }
  };
  for (const folder of folders) walk(folder);
  for (const file of files) add(file);
  return sources;
}

/** Changes with the transpiler, the node version it targets and the compiler options. */
function transpileKey(root) {
  const hash = createHash("sha256");
  hash.update(`${FORMAT_VERSION}:${esbuildVersion()}:${process.versions.node}:`);
  hash.update(readFileSync(join(root, "tsconfig.json")));
  return hash.digest("hex").slice(0, 16);
}

function readManifest(out, key) {
  try {
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), "utf8"));
    if (manifest.key === key) return new Map(Object.entries(manifest.files));
  } catch {
    // No copy yet, or an unreadable one: everything is redone.
  }
  return new Map();
}

async function writeOutputs(root, out, files) {
  const typescript = files.filter(isTypeScript);
  for (const file of files) {
    if (!isTypeScript(file)) writeAtomically(join(out, file), undefined, join(root, file));
  }
  if (typescript.length === 0) return;
  const esbuild = tsxRequire("esbuild");
  const options = transformOptions(root);
  await Promise.all(
    typescript.map(async (file) => {
      const target = join(out, outputName(file));
      const source = readFileSync(join(root, file), "utf8");
      // The map names the source by its path from the output, for --enable-source-maps and debuggers.
      const sourcefile = relative(dirname(target), join(root, file)).split(sep).join("/");
      const transformed = await esbuild.transform(source, { ...options, sourcefile }).catch((error) => {
        // As under tsx, a file that does not compile fails when it is imported, not before.
        if (!Array.isArray(error.errors) || error.errors.length === 0) throw error;
        return {
          code: `throw new Error(${JSON.stringify(`${file} does not compile: ${error.message}`)});\n`,
        };
      });
      if (transformed.map) writeAtomically(`${target}.map`, transformed.map);
      const mapLink = transformed.map ? `//# sourceMappingURL=${basename(target)}.map\n` : "";
      writeAtomically(target, transformed.code + mapLink);
    }),
  );
}

/** tsx's own transform (tsx/dist): its target, names kept, the tsconfig's compiler options. */
function transformOptions(root) {
  const { compilerOptions } = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
  return {
    loader: "ts",
    format: "esm",
    target: `node${process.versions.node}`,
    keepNames: true,
    sourcemap: "external",
    sourcesContent: false,
    tsconfigRaw: { compilerOptions },
  };
}

/** Writes (or copies) to a temporary name first, so a concurrent start never reads half a file. */
function writeAtomically(path, text, copyFrom) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  if (copyFrom === undefined) writeFileSync(temporary, text);
  else copyFileSync(copyFrom, temporary);
  renameSync(temporary, path);
}

const isTypeScript = (file) => file.endsWith(".ts");
const outputName = (file) => (isTypeScript(file) ? `${file.slice(0, -3)}.js` : file);

/** Packages as tsx resolves them: the esbuild it transpiles with, whatever the hoisting. */
function tsxRequire(name) {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve("tsx/package.json"))(name);
}

function esbuildVersion() {
  return tsxRequire("esbuild/package.json").version;
}
