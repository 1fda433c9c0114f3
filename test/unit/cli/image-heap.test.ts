/**
 * The `m3` command's heap grows as the image's processes' do, however node was started: its entry
 * sets the image's heap-growth option before it imports any other module.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";
import { HEAP_GROWTH_OPTION, IMAGE_NODE_OPTIONS } from "../../../tools/m3/image/image-commands.js";

test("the m3 entry's first import sets the image's heap growth on the running process", (t) => {
  const entry = readFileSync(join(REPO_ROOT, "tools/m3/cli/main.ts"), "utf8");
  const firstImport = /^import [^\n]+$/m.exec(entry)?.[0];
  t.is(firstImport, 'import "./image-heap.js";');
  const setter = readFileSync(join(REPO_ROOT, "tools/m3/cli/image-heap.ts"), "utf8");
  t.regex(setter, /v8\.setFlagsFromString\(HEAP_GROWTH_OPTION\)/);
  t.true(IMAGE_NODE_OPTIONS.includes(HEAP_GROWTH_OPTION));
  t.regex(HEAP_GROWTH_OPTION, /^--heap-growing-percent=\d+$/);
});
