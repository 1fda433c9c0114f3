import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { stringify } from "yaml";
import { dashboardExpressions } from "../../../tools/dev/codegen/k8s/grafana-dashboard.js";
import type { K8sObject } from "../../../tools/dev/codegen/k8s/render.js";
import { ofKind } from "./manifest-queries.js";

const run = promisify(execFile);

/** Where CI's Debian package `prometheus` installs promtool. */
export const PROMTOOL = "/usr/bin/promtool";
export const PROMTOOL_MISSING =
  "promtool is not installed: apt-get install -y prometheus (the Debian package ships /usr/bin/promtool)";

// Words of PromQL that are not metric names.
const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "and",
  "or",
  "unless",
  "bool",
  "offset",
]);

/** The metric names a PromQL expression reads (not functions, labels, keywords or durations). */
export function metricNames(expr: string): string[] {
  const text = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![\w.])[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = text.slice((match.index ?? 0) + match[0].length).trimStart();
    if (!after.startsWith("(") && !KEYWORDS.has(match[0])) names.add(match[0]);
  }
  return [...names];
}

/** The alerting and recording rules of the rendered PrometheusRules. */
export function ruleGroups(
  objects: readonly K8sObject[],
): { name: string; rules: Record<string, unknown>[] }[] {
  return ofKind(objects, "PrometheusRule").flatMap((rule) => rule.spec.groups);
}

/** The dashboards of the rendered ConfigMaps that carry the given sidecar label. */
export function dashboards(
  objects: readonly K8sObject[],
  label = "grafana_dashboard",
): { name: string; dashboard: Record<string, unknown> & { panels?: unknown[] } }[] {
  return ofKind(objects, "ConfigMap")
    .filter((map) => map.metadata.labels?.[label] !== undefined)
    .flatMap((map) =>
      Object.entries(map.data as Record<string, string>).map(([name, text]) => ({
        name,
        dashboard: JSON.parse(text),
      })),
    );
}

/** Every PromQL expression the rendered dashboards and alerts evaluate, with where it is. */
export function monitoringExpressions(objects: readonly K8sObject[]): { where: string; expr: string }[] {
  const fromRules = ruleGroups(objects).flatMap((group) =>
    group.rules.map((rule) => ({ where: `alert ${rule.alert ?? rule.record}`, expr: String(rule.expr) })),
  );
  const fromDashboards = dashboards(objects).flatMap(({ dashboard }) =>
    dashboardExpressions(dashboard).map(({ panel, expr }) => ({ where: `panel ${panel}`, expr })),
  );
  return [...fromRules, ...fromDashboards];
}

/** Runs `promtool check rules` on a rules file holding the given groups; resolves with its output. */
export async function promtoolCheckRules(
  groups: readonly unknown[],
): Promise<{ ok: boolean; output: string }> {
  if (!existsSync(PROMTOOL)) throw new Error(PROMTOOL_MISSING);
  const dir = mkdtempSync(join(tmpdir(), "m3-promtool-"));
  try {
    const file = join(dir, "rules.yaml");
    writeFileSync(file, stringify({ groups }));
    const { stdout, stderr } = await run(PROMTOOL, ["check", "rules", file]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ""}${failed.stderr ?? failed.message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `promtool test rules` on the given groups against one unit test (input series, times and
 * the alerts expected to fire then); resolves with its output.
 */
export async function promtoolTestRules(
  groups: readonly unknown[],
  unitTest: Record<string, unknown>,
): Promise<{ ok: boolean; output: string }> {
  if (!existsSync(PROMTOOL)) throw new Error(PROMTOOL_MISSING);
  const dir = mkdtempSync(join(tmpdir(), "m3-promtool-"));
  try {
    writeFileSync(join(dir, "rules.yaml"), stringify({ groups }));
    const testFile = join(dir, "rules.test.yaml");
    writeFileSync(testFile, stringify({ rule_files: ["rules.yaml"], tests: [unitTest] }));
    const { stdout, stderr } = await run(PROMTOOL, ["test", "rules", testFile]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ""}${failed.stderr ?? failed.message}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
