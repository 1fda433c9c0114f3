import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import type { M3Platform } from "../../services/operator/api/m3platform-schema.js";
import { platformObjects } from "../../services/operator/builders/platform-objects.js";
import { renderKustomizeBase } from "../../tools/dev/codegen/k8s/kustomize-base.js";
import { type K8sObject, KUSTOMIZE_DIR, kustomize } from "../../tools/dev/codegen/k8s/render.js";
import { ENDPOINT_NAMES_BY_COMPONENT, RAZIEL_NAMES } from "../support/config/raziel-names.js";
import { UID } from "../support/deploy/chart-platform.js";
import {
  assertDiscovery,
  assertProbes,
  assertSchemaValid,
  assertSecurityContexts,
  assertSelectors,
} from "../support/deploy/manifest-assertions.js";
import { effectiveEnvOf, findComponent, ofKind, podSpecOf } from "../support/deploy/manifest-queries.js";

const builds = new Map<string, Promise<K8sObject[]>>();
function build(dir: string): Promise<K8sObject[]> {
  if (!builds.has(dir)) builds.set(dir, kustomize(join(KUSTOMIZE_DIR, dir)));
  return builds.get(dir) as Promise<K8sObject[]>;
}

/** What the operator makes of the build's M3Platform, in the overlay's namespace. */
async function builtFrom(dir: string): Promise<K8sObject[]> {
  const declared = ofKind(await build(dir), "M3Platform")[0] as K8sObject;
  const platform = {
    ...(declared as unknown as M3Platform),
    metadata: { name: declared.metadata.name, namespace: declared.metadata.namespace ?? "default", uid: UID },
  };
  return platformObjects(platform, {}, platform.spec.version) as unknown as K8sObject[];
}

test("k8s/base is what the chart renders (regenerate with tools/dev/codegen/k8s/generate-kustomize-base.ts)", async (t) => {
  const files = await renderKustomizeBase();
  for (const [name, text] of files) {
    t.is(readFileSync(join(KUSTOMIZE_DIR, "base", name), "utf8"), text, `k8s/base/${name} is stale`);
  }
});

test("the base is the CRD, the operator and one M3Platform, without a namespace or a Secret of its own", async (t) => {
  const objects = await build("base");
  t.deepEqual(objects.map((object) => object.kind).sort(), [
    "CustomResourceDefinition",
    "Deployment",
    "M3Platform",
    "Role",
    "RoleBinding",
    "ServiceAccount",
  ]);
  t.deepEqual(
    objects.filter((object) => object.metadata.namespace !== undefined),
    [],
  );
  await assertSchemaValid(
    t,
    objects.filter((object) => object.kind !== "M3Platform"),
  );
});

for (const dir of ["base", "overlays/dev", "overlays/dev-postgres"]) {
  test(`the operator's objects for k8s/${dir}'s M3Platform pass the Kubernetes schema, with stable selectors, gRPC probes, non-root read-only pods and the discovery the config service reads`, async (t) => {
    const built = await builtFrom(dir);
    await assertSchemaValid(t, built);
    assertSelectors(t, built);
    assertProbes(t, built);
    assertSecurityContexts(t, built);
    const entries = assertDiscovery(t, built, ENDPOINT_NAMES_BY_COMPONENT);
    t.deepEqual(entries.flatMap((entry) => entry.names).sort(), [...RAZIEL_NAMES]);
  });
}

test("the dev overlay adds MariaDB and MinIO and the Secret the platform names (its name kept), one operator pod, in m3-dev", async (t) => {
  const objects = await build("overlays/dev");
  t.true(
    objects.every(
      (object) => object.kind === "CustomResourceDefinition" || object.metadata.namespace === "m3-dev",
    ),
  );
  for (const component of ["mysql", "minio"]) {
    t.notThrows(() => findComponent(objects, "Deployment", component));
    t.notThrows(() => findComponent(objects, "Service", component));
  }
  t.true(ofKind(objects, "Deployment").every((deployment) => deployment.spec.replicas === 1));
  const [secret] = ofKind(objects, "Secret");
  t.is(secret?.metadata.name, "m3-secrets");
  t.is(
    Buffer.from(secret?.data["database-url"], "base64").toString(),
    "mysql://m3:m3-dev-password@mysql:3306/m3_platform",
  );
  const built = await builtFrom("overlays/dev");
  const annotation = effectiveEnvOf(
    built,
    podSpecOf(findComponent(built, "Deployment", "annotation")).containers[0],
  );
  t.is(annotation.get("M3_DATABASE_URL"), "secret:m3-secrets/database-url");
  t.is(annotation.get("M3_ANNOTATION_REGISTRY_SCHEMA"), "m3_platform");
  const upload = effectiveEnvOf(built, podSpecOf(findComponent(built, "Deployment", "upload")).containers[0]);
  t.is(upload.get("M3_UPLOAD_S3_ENDPOINT"), "http://minio:9000");
  t.is(ofKind(objects, "RoleBinding")[0]?.subjects[0].namespace, "m3-dev");
});

test("the dev-postgres overlay puts every domain with tables on its PostgreSQL, and runs no MariaDB", async (t) => {
  const objects = await build("overlays/dev-postgres");
  t.notThrows(() => findComponent(objects, "Deployment", "postgres"));
  t.throws(() => findComponent(objects, "Deployment", "mysql"));
  t.deepEqual(
    ofKind(objects, "ConfigMap").filter((map) => map.metadata.name.startsWith("mysql")),
    [],
  );
  const [secret] = ofKind(objects, "Secret");
  t.truthy(secret?.data["postgres-password"]);
  t.is(
    Buffer.from(secret?.data["database-url"], "base64").toString(),
    "postgres://m3:m3-dev-password@postgres:5432/m3",
  );
  const built = await builtFrom("overlays/dev-postgres");
  const annotation = effectiveEnvOf(
    built,
    podSpecOf(findComponent(built, "Deployment", "annotation")).containers[0],
  );
  t.is(annotation.get("M3_ANNOTATION_REGISTRY_SCHEMA"), "public");
});
