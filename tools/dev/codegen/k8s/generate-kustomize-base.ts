/** Writes k8s/base from the chart: `npx tsx tools/dev/codegen/k8s/generate-kustomize-base.ts`. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderKustomizeBase } from "./kustomize-base.js";
import { KUSTOMIZE_DIR } from "./render.js";

const baseDir = join(KUSTOMIZE_DIR, "base");
const files = await renderKustomizeBase();
mkdirSync(baseDir, { recursive: true });
for (const stale of readdirSync(baseDir).filter((name) => !files.has(name))) rmSync(join(baseDir, stale));
for (const [name, text] of files) writeFileSync(join(baseDir, name), text);
console.log(`wrote ${files.size} files to ${baseDir}`);
