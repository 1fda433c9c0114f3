/**
 * Writes helm/m3/files/ (the CRD, the operator Role's rules):
 * `npx tsx tools/dev/codegen/k8s/generate-operator-manifests.ts`; then regenerate k8s/base
 * (generate-kustomize-base.ts), which renders the chart. A deploy test fails when they are stale.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderOperatorChartFiles } from "./operator-manifests.js";
import { CHART_DIR } from "./render.js";

const filesDir = join(CHART_DIR, "files");
mkdirSync(filesDir, { recursive: true });
for (const [name, text] of renderOperatorChartFiles()) writeFileSync(join(filesDir, name), text);
console.log(`wrote ${filesDir}`);
