import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { renderKustomizeBase } from "../../tools/dev/codegen/k8s/kustomize-base.js";
import { renderPostgresComponent } from "../../tools/dev/codegen/k8s/kustomize-postgres.js";
import { type K8sObject, KUSTOMIZE_DIR, kustomize } from "../../tools/dev/codegen/k8s/render.js";
import { ENDPOINT_NAMES_BY_COMPONENT, RAZIEL_NAMES } from "../support/config/raziel-names.js";
import {
  assertDiscovery,
  assertProbes,
  assertSchemaValid,
  assertSecurityContexts,
  assertSelectors,
} from "../support/deploy/manifest-assertions.js";
import {
  componentOf,
  DOMAINS,
  envOf,
  findComponent,
  ofKind,
  podSpecOf,
} from "../support/deploy/manifest-queries.js";

const builds = new Map<string, Promise<K8sObject[]>>();
function build(dir: string): Promise<K8sObject[]> {
  if (!builds.has(dir)) builds.set(dir, kustomize(join(KUSTOMIZE_DIR, dir)));
  return builds.get(dir) as Promise<K8sObject[]>;
}

/** The m3 objects, without the dev overlay's MariaDB and MinIO. */
const m3Only = (objects: K8sObject[]) =>
  objects.filter((object) => object.metadata.labels?.["app.kubernetes.io/instance"] === "m3");

test("k8s/base is what the chart renders (regenerate with tools/dev/codegen/k8s/generate-kustomize-base.ts)", async (t) => {
  const files = await renderKustomizeBase();
  for (const [name, text] of files) {
    t.is(readFileSync(join(KUSTOMIZE_DIR, "base", name), "utf8"), text, `k8s/base/${name} is stale`);
  }
});

test("k8s/components/postgres is the chart's difference on PostgreSQL (regenerate with tools/dev/codegen/k8s/generate-kustomize-base.ts)", async (t) => {
  t.is(
    readFileSync(join(KUSTOMIZE_DIR, "components/postgres/kustomization.yaml"), "utf8"),
    await renderPostgresComponent(),
  );
});

for (const dir of ["base", "overlays/dev", "overlays/dev-postgres"]) {
  test(`every object kubectl kustomize builds from k8s/${dir} passes the Kubernetes schema`, async (t) => {
    const objects = await build(dir);
    t.true(objects.length > 0);
    await assertSchemaValid(t, objects);
  });

  test(`k8s/${dir} has stable selectors, gRPC probes and non-root read-only m3 pods`, async (t) => {
    const objects = await build(dir);
    assertSelectors(t, objects);
    assertProbes(t, m3Only(objects));
    assertSecurityContexts(t, m3Only(objects));
  });

  test(`k8s/${dir} Services carry the discovery labels and annotations the config service reads`, async (t) => {
    const entries = assertDiscovery(t, await build(dir), ENDPOINT_NAMES_BY_COMPONENT);
    const kb = entries.find((entry) => entry.names.includes("oni"));
    t.is(kb?.internalUrl, "http://m3-gateway:8080/kb/v1");
    t.is(kb?.secretEnv, "M3_KB_API_KEY");
    t.deepEqual(entries.flatMap((entry) => entry.names).sort(), [...RAZIEL_NAMES]);
    const charybdis = entries.find((entry) => entry.names.includes("charybdis"));
    t.is(charybdis?.internalUrl, "http://m3-gateway:8080/references");
  });
}

test("the base leaves the namespace to the overlay and has no Secret of its own", async (t) => {
  const objects = await build("base");
  t.deepEqual(
    objects.filter((object) => object.metadata.namespace !== undefined),
    [],
  );
  t.deepEqual(ofKind(objects, "Secret"), []);
  t.deepEqual(
    [...new Set(ofKind(objects, "Deployment").map(componentOf))].sort(),
    [...DOMAINS, "gateway"].sort(),
  );
  t.is(findComponent(objects, "Job", "migrate").metadata.annotations?.["helm.sh/hook"], undefined);
});

test("the dev overlay adds MariaDB and MinIO, its secrets and one replica of everything in m3-dev", async (t) => {
  const objects = await build("overlays/dev");
  t.true(objects.every((object) => object.metadata.namespace === "m3-dev"));
  for (const component of ["mysql", "minio"]) {
    t.notThrows(() => findComponent(objects, "Deployment", component));
    t.notThrows(() => findComponent(objects, "Service", component));
  }
  t.true(ofKind(objects, "Deployment").every((deployment) => deployment.spec.replicas === 1));
  const [secret] = ofKind(objects, "Secret");
  const annotation = envOf(podSpecOf(findComponent(objects, "Deployment", "annotation")).containers[0]);
  t.is(annotation.get("M3_MYSQL_PASSWORD"), `secret:${secret?.metadata.name}/mysql-password`);
  t.is(
    annotation.get("M3_ANNOTATION_DATABASE_URL"),
    "mysql://m3:$(M3_MYSQL_PASSWORD)@mysql:3306/m3_annotation",
  );
  const upload = envOf(podSpecOf(findComponent(objects, "Deployment", "upload")).containers[0]);
  t.is(upload.get("M3_UPLOAD_S3_ENDPOINT"), "http://minio:9000");
  const binding = ofKind(objects, "RoleBinding")[0];
  t.is(binding?.subjects[0].namespace, "m3-dev");
});

test("the dev-postgres overlay puts every domain with tables on its PostgreSQL, and runs no MariaDB", async (t) => {
  const objects = await build("overlays/dev-postgres");
  t.true(objects.every((object) => object.metadata.namespace === "m3-dev"));
  t.notThrows(() => findComponent(objects, "Deployment", "postgres"));
  t.throws(() => findComponent(objects, "Deployment", "mysql"));
  t.deepEqual(
    ofKind(objects, "ConfigMap").filter((map) => map.metadata.name.startsWith("mysql")),
    [],
  );
  const [secret] = ofKind(objects, "Secret");
  t.truthy(secret?.data["postgres-password"]);
  const workloads = [
    ...["kb", "annotation", "registry"].map((domain) => findComponent(objects, "Deployment", domain)),
    findComponent(objects, "Job", "migrate"),
  ];
  for (const workload of workloads) {
    const env = envOf(podSpecOf(workload).containers[0]);
    const names = [...env.keys()];
    t.is(env.get("M3_POSTGRES_PASSWORD"), `secret:${secret?.metadata.name}/postgres-password`);
    t.false(env.has("M3_MYSQL_PASSWORD"));
    const urls = names.filter((name) => name.endsWith("_DATABASE_URL"));
    t.true(urls.length > 0);
    for (const url of urls) {
      t.is(env.get(url), "postgres://m3:$(M3_POSTGRES_PASSWORD)@postgres:5432/m3", url);
      t.true(names.indexOf(url) > names.indexOf("M3_POSTGRES_PASSWORD"), url);
    }
    const component = componentOf(workload) as string;
    const policy = findComponent(objects, "NetworkPolicy", component);
    const ports = policy.spec.egress.flatMap((rule: { ports: { port: number }[] }) =>
      rule.ports.map((port) => port.port),
    );
    t.true(ports.includes(5432) && !ports.includes(3306), component);
  }
  const annotation = envOf(podSpecOf(findComponent(objects, "Deployment", "annotation")).containers[0]);
  t.is(annotation.get("M3_ANNOTATION_REGISTRY_SCHEMA"), "public");
});
