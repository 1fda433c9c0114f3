import { isDeepStrictEqual } from "node:util";
import { stringify } from "yaml";
import { BASE_VALUES, HEADER, renderKustomizeObjects } from "./kustomize-base.js";
import type { K8sObject } from "./render.js";

/** The chart values that move every domain with tables to PostgreSQL, its password in the overlay's Secret. */
const POSTGRES_VALUES = ["database.engine=postgres", "postgres.existingSecret=m3-secrets"];

/** Where each kind of workload keeps its pod spec, as a JSON pointer. */
const POD_SPEC_PATHS: Record<string, string> = {
  Deployment: "/spec/template/spec",
  Job: "/spec/template/spec",
  CronJob: "/spec/jobTemplate/spec/template/spec",
};

interface JsonPatchOperation {
  op: "replace";
  path: string;
  value: unknown;
}

/**
 * k8s/components/postgres/kustomization.yaml: a kustomize Component that moves the base's
 * domains with tables to PostgreSQL, as the chart does with database.engine=postgres. It is the
 * difference between the chart rendered both ways: each workload's container environment and
 * each NetworkPolicy's egress that differ, replaced whole (JSON patches), so the password
 * variable stays before the URLs that refer to it.
 */
export async function renderPostgresComponent(): Promise<string> {
  const base = await renderKustomizeObjects(BASE_VALUES);
  const postgres = await renderKustomizeObjects([...BASE_VALUES, ...POSTGRES_VALUES]);
  const patches = [];
  for (const object of postgres) {
    const original = base.find((candidate) => sameObject(candidate, object));
    if (!original) throw new Error(`${object.kind} ${object.metadata.name} is not in the base`);
    const operations = differences(original, object);
    if (operations.length === 0) continue;
    patches.push({
      target: { kind: object.kind, name: object.metadata.name },
      patch: stringify(operations),
    });
  }
  if (base.length !== postgres.length) throw new Error("the PostgreSQL rendering adds or drops objects");
  const component = { apiVersion: "kustomize.config.k8s.io/v1alpha1", kind: "Component", patches };
  return HEADER + stringify(component);
}

function sameObject(a: K8sObject, b: K8sObject): boolean {
  return a.kind === b.kind && a.metadata.name === b.metadata.name;
}

/** The replacements that turn the base's object into the PostgreSQL one; anything else must not differ. */
function differences(base: K8sObject, postgres: K8sObject): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  const changed = structuredClone(base);
  const podPath = POD_SPEC_PATHS[base.kind];
  if (podPath) {
    const pod = (object: K8sObject) => at(object, podPath) as { containers: { env?: unknown[] }[] };
    pod(postgres).containers.forEach((container, index) => {
      if (!isDeepStrictEqual(pod(base).containers[index]?.env, container.env)) {
        operations.push({ op: "replace", path: `${podPath}/containers/${index}/env`, value: container.env });
        (pod(changed).containers[index] as { env?: unknown[] }).env = container.env;
      }
    });
  }
  if (base.kind === "NetworkPolicy" && !isDeepStrictEqual(base.spec.egress, postgres.spec.egress)) {
    operations.push({ op: "replace", path: "/spec/egress", value: postgres.spec.egress });
    changed.spec.egress = postgres.spec.egress;
  }
  if (!isDeepStrictEqual(changed, postgres))
    throw new Error(`${base.kind} ${base.metadata.name} differs on PostgreSQL beyond its env and egress`);
  return operations;
}

/** The value a JSON pointer names in an object. */
function at(object: K8sObject, pointer: string): unknown {
  let value: unknown = object;
  for (const key of pointer.split("/").slice(1))
    value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}
