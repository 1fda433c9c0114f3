import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";

/**
 * A clone of m3 stands on its own: no file of the project may name a path outside the
 * repository (a sibling folder, an absolute path of a developer's machine). Walks the tree as
 * it is on disk, so it holds for a copy without .git as well as for a clone.
 */
const SKIPPED_FOLDERS = new Set([".git", "node_modules", "dist", "data", "coverage", ".tmp"]);
const BINARY_EXTENSIONS = new Set([
  ".zip",
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".mp4",
  ".webp",
  ".ico",
  ".woff2",
]);
/** Generated text that is not ours to phrase, and a git worktree's `.git` file (it names the main checkout). */
const SKIPPED_FILES = new Set(["package-lock.json", ".git"]);

function projectFiles(folder: string, found: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) projectFiles(path, found);
    } else if (
      entry.isFile() &&
      !BINARY_EXTENSIONS.has(extname(entry.name)) &&
      !SKIPPED_FILES.has(entry.name) &&
      statSync(path).size < 2_000_000
    ) {
      found.push(path);
    }
  }
  return found;
}

const isInside = (path: string) => {
  const fromRoot = relative(REPO_ROOT, path);
  return fromRoot === "" || !(fromRoot === ".." || fromRoot.startsWith(`..${sep}`));
};

/** Relative path literals (`../x` after a quote, backtick, bracket, space or `=`) that climb out of the repository. */
function escapingRelativePaths(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<=["'`(\s=])((?:\.\.\/)+[\w.@-][\w./@-]*)/g)) {
    const literal = match[1] as string;
    if (!isInside(resolve(dirname(file), literal))) found.push(literal);
  }
  return found;
}

/**
 * `join(base, "..", "name")` and `resolve(...)` calls whose ".." segments climb out: the base is
 * the repository root when its name says so (`repoRoot`, `ROOT`), else the file's own folder.
 */
function escapingJoins(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /\b(?:join|resolve)\(\s*([\w.]+(?:\([^()]*(?:\([^()]*\))?[^()]*\))?)\s*,([^)]*)\)/g,
  )) {
    const [call, base, rest] = match as unknown as [string, string, string];
    const segments = [...rest.matchAll(/"([^"]*)"/g)].map((segment) => segment[1] as string);
    if (!segments.includes("..")) continue;
    const start = /root/i.test(base) ? REPO_ROOT : dirname(file);
    if (!isInside(resolve(start, ...segments))) found.push(call);
  }
  return found;
}

/** Absolute paths of a machine's work folders. */
function machinePaths(text: string): string[] {
  return [...text.matchAll(/(?<![\w.:/])\/(?:work|home|Users)\/[\w.-]+/g)].map((match) => match[0]);
}

test("no file of the project refers to a path outside the repository", (t) => {
  const files = projectFiles(REPO_ROOT);
  t.true(files.length > 500, `walked ${files.length} files`);
  const offenders: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const outside = [
      ...escapingRelativePaths(file, text),
      ...escapingJoins(file, text),
      ...machinePaths(text),
    ];
    for (const path of outside) offenders.push(`${relative(REPO_ROOT, file)}: ${path}`);
  }
  t.deepEqual(offenders, []);
});

test("the check sees a sibling folder named by a relative path, a join from the root and a machine's path", (t) => {
  const file = join(REPO_ROOT, "tools", "m3", "kb-import", "example.ts");
  // The examples are built here, so this file names no such path itself.
  const up = (levels: number) => "../".repeat(levels);
  const sibling = `${up(4)}sibling/data/x.zip`;
  t.deepEqual(escapingRelativePaths(file, `new URL("${sibling}", import.meta.url)`), [sibling]);
  t.deepEqual(escapingRelativePaths(file, `new URL("${up(3)}package.json", import.meta.url)`), []);
  const fromReadme = `${up(1)}sibling/design/A.md`;
  t.deepEqual(escapingRelativePaths(join(REPO_ROOT, "README.md"), `See \`${fromReadme}\`.`), [fromReadme]);
  const parent = JSON.stringify("..");
  t.is(escapingJoins(file, `const f = join(repoRoot, ${parent}, "sibling", "endpoints.txt");`).length, 1);
  t.is(
    escapingJoins(
      file,
      `const repoRoot = join(dirname(fileURLToPath(import.meta.url)), ${parent}, ${parent});`,
    ).length,
    0,
  );
  const machine = ["", "home", "someone"].join("/");
  t.deepEqual(machinePaths(`read ${machine}/spec/endpoints.txt`), [machine]);
  t.deepEqual(machinePaths("http://example.org/work/x"), []);
});
