/** Writes helm/m3/dashboards/m3.json: `npx tsx tools/dev/codegen/k8s/generate-grafana-dashboard.ts`. */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDashboard } from "./grafana-dashboard.js";
import { REPO_ROOT } from "./k8s-tools.js";
import { CHART_DIR } from "./render.js";

const file = join(CHART_DIR, "dashboards/m3.json");
mkdirSync(join(CHART_DIR, "dashboards"), { recursive: true });
writeFileSync(file, JSON.stringify(buildDashboard(), null, 2));
// Formatted as the lint step expects it.
execFileSync(join(REPO_ROOT, "node_modules/.bin/biome"), ["format", "--write", file], { stdio: "inherit" });
