/**
 * The house's floors import only downward: proto <- services <- gateway <- tools/m3 (the
 * composition root and what ships beside it) <- tools/dev (for developers only). Nothing that
 * ships imports the developers' tools or the tests.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";

const FLOORS = ["proto", "services", "gateway", "tools/m3", "tools/dev"] as const;
const SOURCE = /\.(ts|mts|mjs|vue)$/;
const IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;

function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "node_modules") found.push(...sourceFiles(root, path));
    else if (entry.isFile() && SOURCE.test(entry.name)) found.push(path);
  }
  return found;
}

/** The floor a repository path stands on, or "test", or undefined (the top level's own files). */
function floorOf(path: string): string | undefined {
  if (path.startsWith("test/")) return "test";
  return [...FLOORS].reverse().find((floor) => path === floor || path.startsWith(`${floor}/`));
}

/** Every import of a file of `floor` that lands on a higher floor or in the tests. */
function upwardImports(root: string, floor: (typeof FLOORS)[number]): string[] {
  const level = FLOORS.indexOf(floor);
  const found: string[] = [];
  for (const file of sourceFiles(root, floor)) {
    if (floorOf(file) !== floor) continue;
    for (const match of readFileSync(join(root, file), "utf8").matchAll(IMPORT)) {
      const target = relative(root, resolve(root, dirname(file), match[1] as string));
      const targetFloor = floorOf(target);
      if (targetFloor === "test" || (targetFloor && FLOORS.indexOf(targetFloor as never) > level))
        found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

for (const floor of FLOORS) {
  test(`nothing in ${floor}/ imports from a floor above it or from the tests`, (t) => {
    t.deepEqual(upwardImports(REPO_ROOT, floor), []);
  });
}

test("an import of a higher floor or of the tests is found, one of a lower floor is not", (t) => {
  const root = mkdtempSync(join(tmpdir(), "m3-floors-"));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write(
    "services/kb/a.ts",
    'import { b } from "../../gateway/src/b.js";\nimport { c } from "../kit/c.js";\n',
  );
  write(
    "tools/m3/cli/d.ts",
    'import { e } from "../../dev/bench/e.js";\nimport { f } from "../../../services/f.js";\n',
  );
  write("gateway/src/g.ts", 'const h = await import("../../test/support/h.js");\n');
  for (const floor of ["proto", "tools/dev"]) mkdirSync(join(root, floor), { recursive: true });
  t.deepEqual(upwardImports(root, "services"), ["services/kb/a.ts -> gateway/src/b.js"]);
  t.deepEqual(upwardImports(root, "tools/m3"), ["tools/m3/cli/d.ts -> tools/dev/bench/e.js"]);
  t.deepEqual(upwardImports(root, "gateway"), ["gateway/src/g.ts -> test/support/h.js"]);
});
