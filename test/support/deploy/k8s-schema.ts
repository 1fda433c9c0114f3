import type { K8sObject } from "../../../tools/dev/codegen/k8s/render.js";
import { openApiViolations } from "./openapi-subset.js";
import { PROMETHEUS_OPERATOR_SCHEMAS } from "./prometheus-operator-schema.js";

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/**
 * Validates an object against the Kubernetes OpenAPI schema of its apiVersion and kind
 * (kubernetes-models; the Prometheus Operator's kinds against prometheus-operator-schema.ts);
 * throws naming the object and the first violation. An apiVersion/kind the models do not know
 * throws too, so a typo in either is caught.
 */
export async function validateK8sObject(object: K8sObject): Promise<void> {
  const where = `${object.kind}/${object.metadata?.name} (${object.apiVersion})`;
  if (object.apiVersion === "monitoring.coreos.com/v1") {
    const schema = PROMETHEUS_OPERATOR_SCHEMAS[object.kind];
    if (!schema) throw new Error(`${where}: no schema for this kind`);
    const [violation] = openApiViolations(schema, object);
    if (violation) throw new Error(`${where}: ${violation}`);
    return;
  }
  let module: Record<string, ModelClass | undefined>;
  try {
    module = await import(`kubernetes-models/${object.apiVersion}/${object.kind}`);
  } catch {
    throw new Error(`${where}: no schema for this apiVersion and kind`);
  }
  const Model = module[object.kind];
  if (!Model) throw new Error(`${where}: no schema for this kind`);
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}
