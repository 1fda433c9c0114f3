/** Writes helm/m3/values.schema.json from values.yaml: `npx tsx tools/dev/codegen/k8s/generate-values-schema.ts`. */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./k8s-tools.js";
import { CHART_DIR } from "./render.js";
import { buildValuesSchema } from "./values-schema.js";

const file = join(CHART_DIR, "values.schema.json");
writeFileSync(file, JSON.stringify(buildValuesSchema(), null, 2));
// Formatted as the lint step expects it.
execFileSync(join(REPO_ROOT, "node_modules/.bin/biome"), ["format", "--write", file], { stdio: "inherit" });
