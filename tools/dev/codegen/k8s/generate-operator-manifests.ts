/**
 * Writes helm/m3/crds/ (the CRD) and helm/m3/files/ (the operator Role's rules):
 * `npx tsx tools/dev/codegen/k8s/generate-operator-manifests.ts`; then regenerate k8s/base
 * (generate-kustomize-base.ts), which renders the chart. A deploy test fails when they are stale.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { renderOperatorChartFiles } from "./operator-manifests.js";
import { CHART_DIR } from "./render.js";

for (const [path, text] of renderOperatorChartFiles()) {
  mkdirSync(dirname(join(CHART_DIR, path)), { recursive: true });
  writeFileSync(join(CHART_DIR, path), text);
  console.log(`wrote helm/m3/${path}`);
}
