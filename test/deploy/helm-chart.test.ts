import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { parse } from "yaml";
import { m3PlatformCrd } from "../../services/operator/api/m3platform-crd.js";
import { operatorRules } from "../../services/operator/rbac/operator-rules.js";
import { renderOperatorChartFiles } from "../../tools/dev/codegen/k8s/operator-manifests.js";
import { CHART_DIR, helmLint, helmTemplate, type K8sObject } from "../../tools/dev/codegen/k8s/render.js";
import { buildValuesSchema, readParamComments } from "../../tools/dev/codegen/k8s/values-schema.js";
import { ENDPOINT_NAMES_BY_COMPONENT } from "../support/config/raziel-names.js";
import { type RenderedInstall, renderInstall } from "../support/deploy/chart-platform.js";
import {
  assertDiscovery,
  assertProbes,
  assertSchemaValid,
  assertSecurityContexts,
  assertSelectors,
} from "../support/deploy/manifest-assertions.js";
import {
  DOMAINS,
  effectiveEnvOf,
  findComponent,
  ofKind,
  podSpecOf,
} from "../support/deploy/manifest-queries.js";
import { openApiViolations } from "../support/deploy/openapi-subset.js";

const CI_FILES = readdirSync(join(CHART_DIR, "ci"))
  .filter((file) => file.endsWith(".yaml"))
  .map((file) => `ci/${file}`);

const rendered = new Map<string, Promise<RenderedInstall>>();
function install(valuesFile: string): Promise<RenderedInstall> {
  if (!rendered.has(valuesFile)) rendered.set(valuesFile, renderInstall({ valuesFiles: [valuesFile] }));
  return rendered.get(valuesFile) as Promise<RenderedInstall>;
}
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const kinds = (objects: K8sObject[]) => objects.map((object) => object.kind).sort();
const settingsOf = (objects: K8sObject[]) =>
  ofKind(objects, "ConfigMap").find((map) => map.metadata.name.endsWith("-settings"))?.data ?? {};
const PLATFORM_KINDS = [
  "Service",
  "HorizontalPodAutoscaler",
  "PodDisruptionBudget",
  "NetworkPolicy",
  "Ingress",
  "CronJob",
  "Job",
  "ServiceMonitor",
];

test("the ci folder holds values files to check", (t) => {
  t.true(CI_FILES.length >= 3);
});

for (const file of CI_FILES) {
  test(`helm lint --strict passes with ${file}`, async (t) => {
    t.regex(await helmLint({ valuesFiles: [file] }), /1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  test(`with ${file} the chart renders the CRD, the operator and the M3Platform, and none of the platform's own objects`, async (t) => {
    const { chart } = await install(file);
    t.deepEqual(
      chart.filter((object) => PLATFORM_KINDS.includes(object.kind)),
      [],
      "the builders are the one description of the platform",
    );
    t.deepEqual(
      ofKind(chart, "Deployment").map((object) => object.metadata.name.endsWith("-operator")),
      [true],
    );
    await assertSchemaValid(
      t,
      chart.filter((object) => object.kind !== "M3Platform"),
    );
  });

  test(`with ${file} the M3Platform passes the CRD's schema and the operator's objects for it pass Kubernetes'`, async (t) => {
    const { platform, built } = await install(file);
    const schema = m3PlatformCrd().spec.versions[0]?.schema.openAPIV3Schema;
    t.deepEqual(openApiViolations(schema as never, { ...platform, metadata: {} }), []);
    await assertSchemaValid(t, built);
  });

  test(`with ${file} the platform's pods run non-root on a read-only root, probed by gRPC health and /healthz, /readyz, selected by stable labels`, async (t) => {
    const { all, built } = await install(file);
    assertSecurityContexts(
      t,
      all.filter((object) => object.kind !== "Pod"),
    );
    assertProbes(t, built);
    assertSelectors(t, built);
  });
}

test("helm template renders the generated CRD, and the operator's Role from its rules", async (t) => {
  const { chart } = await install("ci/platform-values.yaml");
  t.deepEqual(kinds(chart), [
    "CustomResourceDefinition",
    "Deployment",
    "M3Platform",
    "Pod",
    "Role",
    "RoleBinding",
    "ServiceAccount",
  ]);
  t.deepEqual(ofKind(chart, "CustomResourceDefinition")[0], json(m3PlatformCrd()));
  t.deepEqual(ofKind(chart, "Role")[0]?.rules, json(operatorRules()));
  const operator = ofKind(chart, "Deployment")[0] as K8sObject;
  t.deepEqual(podSpecOf(operator).containers[0].args, ["operator"]);
  t.is(podSpecOf(operator).serviceAccountName, "m3-operator");
});

test("the CRD is in crds/ (Helm installs it before the M3Platform that needs it); platform.create=false installs the operator alone", async (t) => {
  t.deepEqual(readdirSync(join(CHART_DIR, "crds")), ["m3platform-crd.yaml"]);
  t.deepEqual(
    readdirSync(join(CHART_DIR, "templates")).filter((name) => name.includes("crd")),
    [],
  );
  const alone = await helmTemplate({ set: ["platform.create=false"] });
  t.deepEqual(kinds(alone), [
    "CustomResourceDefinition",
    "Deployment",
    "Role",
    "RoleBinding",
    "ServiceAccount",
  ]);
});

test("without a database the chart refuses to render, saying which values give one", async (t) => {
  await t.throwsAsync(helmTemplate(), {
    message: /platform\.spec\.database\.urlSecret .* generatedSecret\.databaseUrl/,
  });
});

test("development secrets are generated and the platform reads them; a spec naming its Secrets gets none", async (t) => {
  const { chart, platform } = await install("ci/minimal-values.yaml");
  const secret = ofKind(chart, "Secret")[0] as K8sObject;
  t.is(secret.metadata.name, "vars-secrets");
  t.deepEqual(Object.keys(secret.data).sort(), [
    "admin-password",
    "api-key",
    "database-url",
    "signing-secret",
  ]);
  t.is(
    Buffer.from(secret.data["database-url"], "base64").toString(),
    "mysql://m3:dev-password@mariadb:3306/m3",
  );
  t.like(platform.spec, {
    version: "0.1.0",
    secrets: { name: "vars-secrets", apiKeyKey: "api-key", signingSecretKey: "signing-secret" },
    admin: { passwordSecret: { name: "vars-secrets", key: "admin-password" } },
    database: { urlSecret: { name: "vars-secrets", key: "database-url" } },
  });
  t.deepEqual(ofKind((await install("ci/production-values.yaml")).chart, "Secret"), []);
});

test("the config service's discovery, RBAC and keys: every endpoint at the release's public URL", async (t) => {
  const { built } = await install("ci/production-values.yaml");
  const entries = assertDiscovery(t, built, ENDPOINT_NAMES_BY_COMPONENT);
  t.true(entries.every((entry) => entry.url.startsWith("https://m3.example.org/")));
});

test("the gateway reaches every enabled domain through its headless Service's name; a disabled one gets no address and no objects", async (t) => {
  const full = await install("ci/production-values.yaml");
  for (const domain of DOMAINS) {
    t.is(findComponent(full.built, "Service", domain).spec.clusterIP, "None");
    t.is(
      settingsOf(full.built)[`M3_${domain.toUpperCase()}_GRPC_ADDRESS`],
      `dns:///m3-${domain}:${findComponent(full.built, "Service", domain).spec.ports[0].port}`,
    );
  }
  const minimal = await install("ci/minimal-values.yaml");
  t.deepEqual(
    ofKind(minimal.built, "Deployment")
      .map((object) => object.metadata.name)
      .sort(),
    ["vars-gateway", "vars-kb"],
  );
  t.deepEqual(
    Object.keys(settingsOf(minimal.built)).filter((key) => key.endsWith("_GRPC_ADDRESS")),
    ["M3_KB_GRPC_ADDRESS"],
  );
  t.is(findComponent(minimal.built, "Service", "gateway").spec.type, "NodePort");
});

test("the database domains read their URLs from Secrets, a domain's own before the shared one", async (t) => {
  const { built } = await install("ci/production-values.yaml");
  const env = (component: string) =>
    effectiveEnvOf(built, podSpecOf(findComponent(built, "Deployment", component)).containers[0]);
  t.is(env("kb").get("M3_DATABASE_URL"), "secret:m3-mysql/url");
  t.is(env("registry").get("M3_REGISTRY_DATABASE_URL"), "secret:m3-mysql/registry-url");
  t.is(env("annotation").get("M3_ANNOTATION_REGISTRY_SCHEMA"), "vars_media");
  t.false(env("capture").has("M3_DATABASE_URL"));
  const postgres = await install("ci/postgres-values.yaml");
  t.is(settingsOf(postgres.built).M3_ANNOTATION_REGISTRY_SCHEMA, "public");
});

test("NATS, traces, crop hosts and the upload's public URL reach the settings", async (t) => {
  const settings = settingsOf((await install("ci/production-values.yaml")).built);
  t.like(settings, {
    M3_EVENTS_NATS_URL: "nats://nats.messaging:4222",
    OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector.observability:4318",
    CAPTURE_CROP_ALLOWED_HOSTS: "images.example.org,*.fathomnet.org",
    M3_UPLOAD_PUBLIC_URL: "https://minio.example.org/m3-images",
  });
  t.is(settingsOf((await install("ci/postgres-values.yaml")).built).M3_EVENTS_NATS_URL, undefined);
});

test("the backup CronJob, autoscalers, budgets and the Ingress come from the platform's spec", async (t) => {
  const { built } = await install("ci/production-values.yaml");
  const backup = ofKind(built, "CronJob")[0] as K8sObject;
  t.is(backup.spec.schedule, "30 1 * * *");
  t.deepEqual(podSpecOf(backup).containers[0].args, [
    "m3",
    "backup",
    "--output",
    "s3://m3-backups/nightly/",
    "--retain",
    "14",
  ]);
  for (const autoscaler of ofKind(built, "HorizontalPodAutoscaler")) {
    const target = ofKind(built, "Deployment").find(
      (object) => object.metadata.name === autoscaler.spec.scaleTargetRef.name,
    );
    t.truthy(target);
    t.is(target?.spec.replicas, undefined, "the autoscaler owns the replica count");
  }
  t.deepEqual(
    ofKind(built, "PodDisruptionBudget")
      .map((object) => object.metadata.name)
      .sort(),
    ["m3-annotation", "m3-gateway", "m3-kb", "m3-registry"],
  );
  const ingress = ofKind(built, "Ingress")[0] as K8sObject;
  t.is(ingress.spec.rules[0].http.paths[0].backend.service.name, "m3-gateway");
  t.is(ofKind(built, "ServiceMonitor").length, 1);
});

test("capture runs the ffmpeg image, the other domains the shared one", async (t) => {
  const { built } = await install("ci/production-values.yaml");
  for (const deployment of ofKind(built, "Deployment")) {
    const image = podSpecOf(deployment).containers[0].image;
    const expected =
      deployment.metadata.name === "m3-capture"
        ? "registry.example.org/m3-capture:0.1.0"
        : "registry.example.org/m3:0.1.0";
    t.is(image, expected, deployment.metadata.name);
  }
});

test("the values schema rejects unknown keys, out-of-range values and a spec the CRD would not take", async (t) => {
  const dev = "generatedSecret.databaseUrl=mysql://m3@db/m3";
  await t.throwsAsync(helmTemplate({ set: [dev, "operator.replicaz=2"] }), {
    message: /additional properties 'replicaz'/,
  });
  await t.throwsAsync(helmTemplate({ set: [dev, "operator.port=70000"] }), { message: /maximum/ });
  await t.throwsAsync(helmTemplate({ set: [dev, "platform.spec.domains.kb.replicaz=2"] }), {
    message: /replicaz/,
  });
  await t.throwsAsync(helmTemplate({ set: [dev, "platform.spec.backup.target=/tmp/backups"] }), {
    message: /backup\/target|pattern|s3/,
  });
});

test("every value in values.yaml is documented with an @param comment", (t) => {
  const text = readFileSync(join(CHART_DIR, "values.yaml"), "utf8");
  const documented = readParamComments(text);
  const missing: string[] = [];
  const walk = (value: unknown, path: string[]) => {
    const isMap = value !== null && typeof value === "object" && !Array.isArray(value);
    // Maps passed through (resources, the platform's spec, ...) are documented as a whole.
    const passThrough = isMap && documented.has(path.join(".")) && path.length > 0;
    if (isMap && !passThrough) {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    } else if (!documented.has(path.join("."))) missing.push(path.join("."));
  };
  walk(parse(text), []);
  t.deepEqual(missing, []);
});

test("values.schema.json, helm/m3/crds and helm/m3/files are fresh (regenerate with tools/dev/codegen/k8s/generate-values-schema.ts and generate-operator-manifests.ts)", (t) => {
  t.deepEqual(JSON.parse(readFileSync(join(CHART_DIR, "values.schema.json"), "utf8")), buildValuesSchema());
  for (const [path, text] of renderOperatorChartFiles())
    t.is(readFileSync(join(CHART_DIR, path), "utf8"), text, path);
});
