import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { syncTranspiledTree } from "../../../tools/m3/start/transpiled-tree.mjs";

/** A small source tree (as the repository's: tsconfig.json, package.json, a source folder) and its copy. */
function sourceTree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "m3-transpiled-"));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write(
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { target: "es2023", experimentalDecorators: true } }),
  );
  write("package.json", JSON.stringify({ type: "module" }));
  for (const [file, text] of Object.entries(files)) write(file, text);
  const out = join(root, ".tmp", "start");
  return {
    root,
    out,
    write,
    sync: () => syncTranspiledTree({ root, out, folders: ["src"], files: ["package.json"] }),
    load: (file: string, version = 0) => import(`${pathToFileURL(join(out, file)).href}?v=${version}`),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

test("each .ts file is transpiled to a .js file that runs, the other files are copied beside them", async (t) => {
  const tree = sourceTree({
    "src/a.ts": 'import { b } from "./b.js";\nexport const a: number = b + 1;\n',
    "src/b.ts": "export const b: number = 1;\n",
    "src/assets/data.txt": "kept as is",
  });
  t.teardown(tree.remove);
  t.deepEqual((await tree.sync()).sort(), ["package.json", "src/a.ts", "src/assets/data.txt", "src/b.ts"]);
  t.is((await tree.load("src/a.js")).a, 2);
  t.is(readFileSync(join(tree.out, "src/assets/data.txt"), "utf8"), "kept as is");
});

test("each .js file links a source map that names its .ts source", async (t) => {
  const tree = sourceTree({ "src/nested/c.ts": "export const c: string = 'c';\n" });
  t.teardown(tree.remove);
  await tree.sync();
  const output = join(tree.out, "src/nested/c.js");
  t.true(readFileSync(output, "utf8").endsWith("//# sourceMappingURL=c.js.map\n"));
  const map = JSON.parse(readFileSync(`${output}.map`, "utf8")) as { sources: string[] };
  t.deepEqual(
    map.sources.map((source) => resolve(dirname(output), source)),
    [join(tree.root, "src/nested/c.ts")],
  );
});

test("a later sync redoes only the files that changed and removes those whose source is gone", async (t) => {
  const tree = sourceTree({
    "src/a.ts": 'import { b } from "./b.js";\nexport const a: number = b + 1;\n',
    "src/b.ts": "export const b: number = 1;\n",
    "src/gone.ts": "export const gone = true;\n",
  });
  t.teardown(tree.remove);
  await tree.sync();
  t.deepEqual(await tree.sync(), []);
  tree.write("src/b.ts", "export const b: number = 41;\n");
  rmSync(join(tree.root, "src/gone.ts"));
  t.deepEqual(await tree.sync(), ["src/b.ts"]);
  t.is((await tree.load("src/b.js", 1)).b, 41);
  t.false(existsSync(join(tree.out, "src/gone.js")));
});

test("the compiler options of tsconfig.json apply: legacy decorators run", async (t) => {
  const tree = sourceTree({
    "src/entity.ts": [
      "const names: string[] = [];",
      'function Entity(name: string) { return (target: Function) => { names.push(name + ":" + target.name); }; }',
      '@Entity("concept") export class Concept { declare id: number; }',
      "export { names };",
    ].join("\n"),
  });
  t.teardown(tree.remove);
  await tree.sync();
  t.deepEqual((await tree.load("src/entity.js")).names, ["concept:Concept"]);
});

test("a file that does not compile fails when it is imported, naming the file", async (t) => {
  const tree = sourceTree({ "src/ok.ts": "export const ok = 1;\n", "src/broken.ts": "export const = ;\n" });
  t.teardown(tree.remove);
  await tree.sync();
  t.is((await tree.load("src/ok.js")).ok, 1);
  await t.throwsAsync(tree.load("src/broken.js"), { message: /src\/broken\.ts does not compile/ });
});
