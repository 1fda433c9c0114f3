/**
 * Writes helm/m3-operator/files/ (the CRD, the Role's rules) and k8s/operator/:
 * `npx tsx tools/dev/codegen/k8s/generate-operator-manifests.ts`. A deploy test fails when they are stale.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderOperatorChartFiles, renderOperatorKustomize } from "./operator-manifests.js";
import { KUSTOMIZE_DIR, OPERATOR_CHART_DIR } from "./render.js";

const filesDir = join(OPERATOR_CHART_DIR, "files");
mkdirSync(filesDir, { recursive: true });
for (const [name, text] of renderOperatorChartFiles()) writeFileSync(join(filesDir, name), text);
console.log(`wrote ${filesDir}`);

// Rendered after the chart's files are written: the render reads them.
const kustomizeDir = join(KUSTOMIZE_DIR, "operator");
const files = await renderOperatorKustomize();
mkdirSync(kustomizeDir, { recursive: true });
for (const stale of readdirSync(kustomizeDir).filter((name) => !files.has(name)))
  rmSync(join(kustomizeDir, stale));
for (const [name, text] of files) writeFileSync(join(kustomizeDir, name), text);
console.log(`wrote ${files.size} files to ${kustomizeDir}`);
