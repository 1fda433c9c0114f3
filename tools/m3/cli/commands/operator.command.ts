import { readFileSync } from "node:fs";
import { loadAllYaml } from "@kubernetes/client-node";
import type { Command } from "commander";
import { M3_KIND } from "../../../../services/operator/api/m3platform-crd.js";
import { M3_PLATFORM_SPEC, type M3Platform } from "../../../../services/operator/api/m3platform-schema.js";
import { schemaViolations } from "../../../../services/operator/api/schema-violations.js";
import { platformObjects } from "../../../../services/operator/builders/platform-objects.js";
import { specRefusals } from "../../../../services/operator/controller/spec-refusals.js";

/**
 * The objects the operator makes of each M3Platform in a YAML file, as a `v1` List in JSON
 * (which kubectl and YAML readers take): the Deployments at spec.version, as after its migration.
 * The pods' secrets hash is of no Secret (the cluster's are not read). Throws, naming each
 * problem, for a resource the API server would refuse or the operator would report Degraded.
 */
export function renderPlatforms(
  text: string,
  namespace: string,
): { apiVersion: string; kind: string; items: unknown[] } {
  const documents = loadAllYaml(text).filter((document) => document !== null && document !== undefined);
  const platforms = documents.filter((document) => document.kind === M3_KIND) as M3Platform[];
  if (platforms.length === 0) throw new Error(`no ${M3_KIND} in the file`);
  const items: unknown[] = [];
  for (const declared of platforms) {
    const name = declared.metadata?.name;
    const problems = [
      ...(name ? [] : ["metadata.name: required"]),
      ...schemaViolations(M3_PLATFORM_SPEC, declared.spec ?? {}),
    ];
    if (problems.length > 0) throw new Error(`${M3_KIND} ${name ?? "?"}: ${problems.join("; ")}`);
    const platform: M3Platform = {
      ...declared,
      metadata: { name, namespace: declared.metadata.namespace ?? namespace, uid: "" },
    };
    const refused = specRefusals(platform);
    if (refused.length > 0) throw new Error(`${M3_KIND} ${name}: ${refused.join("; ")}`);
    items.push(...platformObjects(platform, {}, platform.spec.version));
  }
  return { apiVersion: "v1", kind: "List", items };
}

/** `m3 operator render -f platform.yaml`: what the operator would create, without a cluster. */
export function registerOperator(program: Command): void {
  const operator = program.command("operator").description("the m3 operator's view of an M3Platform");
  operator
    .command("render")
    .description("print the objects the operator makes of each M3Platform in a file (a v1 List, JSON)")
    .requiredOption("-f, --file <path>", "a YAML file with one or more M3Platform resources")
    .option("-n, --namespace <namespace>", "the namespace of a resource that names none", "default")
    .action((options: { file: string; namespace: string }) => {
      const list = renderPlatforms(readFileSync(options.file, "utf8"), options.namespace);
      process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    });
}
