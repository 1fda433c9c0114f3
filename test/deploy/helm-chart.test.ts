import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { parse } from "yaml";
import { CHART_DIR, helmLint, helmTemplate, type K8sObject } from "../../tools/dev/codegen/k8s/render.js";
import { buildValuesSchema, readParamComments } from "../../tools/dev/codegen/k8s/values-schema.js";
import { PROCESS_NODE_OPTIONS } from "../../tools/m3/image/image-commands.js";
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

const CI_FILES = readdirSync(join(CHART_DIR, "ci"))
  .filter((file) => file.endsWith(".yaml"))
  .map((file) => `ci/${file}`);
const VARIANTS: { title: string; valuesFiles: string[] }[] = [
  { title: "default values", valuesFiles: [] },
  ...CI_FILES.map((file) => ({ title: file, valuesFiles: [file] })),
];

const rendered = new Map<string, Promise<K8sObject[]>>();
function render(valuesFiles: string[]): Promise<K8sObject[]> {
  const key = valuesFiles.join(",");
  if (!rendered.has(key)) rendered.set(key, helmTemplate({ valuesFiles }));
  return rendered.get(key) as Promise<K8sObject[]>;
}

test("the ci folder holds values files to check", (t) => {
  t.true(CI_FILES.length >= 2);
});

for (const { title, valuesFiles } of VARIANTS) {
  test(`helm lint --strict passes with ${title}`, async (t) => {
    const output = await helmLint({ valuesFiles });
    t.regex(output, /1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  test(`every object rendered with ${title} passes the Kubernetes schema`, async (t) => {
    const objects = await render(valuesFiles);
    t.true(objects.length > 0);
    await assertSchemaValid(t, objects);
  });

  test(`objects rendered with ${title} carry the app.kubernetes.io labels and stable selectors`, async (t) => {
    const objects = await render(valuesFiles);
    for (const object of objects) {
      const labels = object.metadata.labels ?? {};
      for (const name of ["name", "instance", "component", "part-of", "version", "managed-by"]) {
        t.truthy(labels[`app.kubernetes.io/${name}`], `${object.kind}/${object.metadata.name} has ${name}`);
      }
      t.is(labels["app.kubernetes.io/part-of"], "m3");
    }
    assertSelectors(t, objects);
  });

  test(`pods rendered with ${title} run non-root on a read-only root filesystem`, async (t) => {
    assertSecurityContexts(t, await render(valuesFiles));
  });

  test(`probes rendered with ${title} use gRPC health for domains and /healthz, /readyz for the gateway`, async (t) => {
    assertProbes(t, await render(valuesFiles));
  });
}

test("every component is rendered by default, with a Deployment, a Service and a NetworkPolicy", async (t) => {
  const objects = await render([]);
  for (const component of [...DOMAINS, "gateway"]) {
    for (const kind of ["Deployment", "Service", "NetworkPolicy"]) {
      t.notThrows(() => findComponent(objects, kind, component), `${kind} of ${component}`);
    }
  }
  t.is(ofKind(objects, "Ingress").length, 0);
  t.is(ofKind(objects, "HorizontalPodAutoscaler").length, 0);
  t.is(ofKind(objects, "PodDisruptionBudget").length, 0);
});

test("the config service's RBAC, Service labels and annotations match what its discovery reads", async (t) => {
  const objects = await render([]);
  const entries = assertDiscovery(t, objects, ENDPOINT_NAMES_BY_COMPONENT);
  const annotation = entries.find((entry) => entry.names.includes("annosaurus"));
  t.deepEqual(annotation, {
    names: ["annosaurus"],
    url: "http://localhost:8080/anno/v1",
    internalUrl: "http://m3-gateway.media.svc.cluster.local:8080/anno/v1",
    proxyPath: "/anno",
    timeoutMillis: 10000,
    secretEnv: "M3_ANNOTATION_API_KEY",
  });
});

test("discovery advertises the public URL set for the release", async (t) => {
  const objects = await render(["ci/production-values.yaml"]);
  const entries = assertDiscovery(t, objects, ENDPOINT_NAMES_BY_COMPONENT);
  t.deepEqual(
    entries.map((entry) => entry.url),
    [
      "https://m3.example.org/kb/v1",
      "https://m3.example.org/anno/v1",
      "https://m3.example.org/references",
      "https://m3.example.org/vam/v1",
      "https://m3.example.org/capture",
      "https://m3.example.org/skimmer",
      "https://m3.example.org/panoptes/v1",
    ],
  );
  t.deepEqual(entries.flatMap((entry) => entry.names).sort(), [...RAZIEL_NAMES]);
  t.like(
    entries.find((entry) => entry.names.includes("skimmer")),
    {
      internalUrl: "http://m3-gateway.media.svc.cluster.local:8080/skimmer",
      proxyPath: "/skimmer",
      secretEnv: undefined,
    },
  );
});

test("the gateway reaches every enabled domain through its headless Service's name, every pod's address", async (t) => {
  const objects = await render([]);
  const env = envOf(podSpecOf(findComponent(objects, "Deployment", "gateway")).containers[0]);
  for (const domain of DOMAINS) {
    const service = findComponent(objects, "Service", domain);
    t.is(service.spec.clusterIP, "None");
    const port = service.spec.ports.find((entry: { name: string }) => entry.name === "grpc").port;
    t.is(env.get(`M3_${domain.toUpperCase()}_GRPC_ADDRESS`), `dns:///${service.metadata.name}:${port}`);
  }
  t.is(env.get("PORT"), "8080");
});

test("the database domains get their MySQL URL with the password from a Secret", async (t) => {
  const objects = await render(["ci/production-values.yaml"]);
  const env = envOf(podSpecOf(findComponent(objects, "Deployment", "annotation")).containers[0]);
  t.is(env.get("M3_MYSQL_PASSWORD"), "secret:m3-mysql/mysql-password");
  t.is(
    env.get("M3_ANNOTATION_DATABASE_URL"),
    "mysql://m3:$(M3_MYSQL_PASSWORD)@mysql.databases.svc.cluster.local:3306/vars_annotations",
  );
  t.is(env.get("M3_API_KEY"), "secret:m3-keys/api-key");
  t.is(env.get("M3_SIGNING_SECRET"), "secret:m3-keys/signing-secret");
  t.is(env.get("OTEL_EXPORTER_OTLP_ENDPOINT"), "http://otel-collector.observability:4318");
});

test("every domain reads the rotation keys from the Secret, optional until a rotation adds them", async (t) => {
  const objects = await render(["ci/production-values.yaml"]);
  for (const domain of DOMAINS) {
    const container: { env?: { name: string; valueFrom?: { secretKeyRef?: { optional?: boolean } } }[] } =
      podSpecOf(findComponent(objects, "Deployment", domain)).containers[0];
    const env = envOf(container as Parameters<typeof envOf>[0]);
    t.is(env.get("M3_API_KEYS"), "secret:m3-keys/api-keys", domain);
    t.is(env.get("M3_PREVIOUS_SIGNING_SECRETS"), "secret:m3-keys/previous-signing-secrets", domain);
    const optional = (container?.env ?? [])
      .filter((variable) => ["M3_API_KEYS", "M3_PREVIOUS_SIGNING_SECRETS"].includes(variable.name))
      .map((variable) => variable.valueFrom?.secretKeyRef?.optional);
    t.deepEqual(optional, [true, true], domain);
  }
});

test("capture's crops fetch only from capture.cropAllowedHosts when it lists any, from any host by default", async (t) => {
  const allowed = async (valuesFiles: string[]) =>
    envOf(podSpecOf(findComponent(await render(valuesFiles), "Deployment", "capture")).containers[0]).get(
      "CAPTURE_CROP_ALLOWED_HOSTS",
    );
  t.is(await allowed(["ci/production-values.yaml"]), "images.example.org,*.fathomnet.org");
  t.is(await allowed([]), undefined);
});

test("migrations run as a pre-install/pre-upgrade Job over the enabled database domains", async (t) => {
  const objects = await render([]);
  const job = findComponent(objects, "Job", "migrate");
  t.is(job.metadata.annotations?.["helm.sh/hook"], "pre-install,pre-upgrade");
  const container = podSpecOf(job).containers[0];
  t.deepEqual(container.args, ["migrate", "kb", "annotation", "registry"]);
  const env = envOf(container);
  for (const domain of ["KB", "ANNOTATION", "REGISTRY"]) t.true(env.has(`M3_${domain}_DATABASE_URL`));
  const minimal = await render(["ci/minimal-values.yaml"]);
  t.deepEqual(podSpecOf(findComponent(minimal, "Job", "migrate")).containers[0].args, ["migrate", "kb"]);
});

test("development secrets are generated before the migrate Job, existing Secrets are used as they are", async (t) => {
  const [secret] = ofKind(await render([]), "Secret");
  t.is(secret?.metadata.annotations?.["helm.sh/hook"], "pre-install,pre-upgrade");
  t.true(Number(secret?.metadata.annotations?.["helm.sh/hook-weight"]) < 0);
  t.deepEqual(Object.keys(secret?.data ?? {}).sort(), ["admin-password", "api-key", "signing-secret"]);
  t.deepEqual(ofKind(await render(["ci/production-values.yaml"]), "Secret"), []);
  const [minimal] = ofKind(await render(["ci/minimal-values.yaml"]), "Secret");
  t.is(Buffer.from(minimal?.data["mysql-password"], "base64").toString(), "dev-password");
});

test("network policies let clients reach only the gateway and the domains only from the gateway (the kb also from config and annotation, the registry from capture)", async (t) => {
  const objects = await render(["ci/production-values.yaml"]);
  const gateway = findComponent(objects, "NetworkPolicy", "gateway");
  t.deepEqual(gateway.spec.ingress[0].from, [
    { namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "ingress-nginx" } } },
    {
      podSelector: {
        matchLabels: {
          "app.kubernetes.io/component": "config",
          "app.kubernetes.io/instance": "m3",
          "app.kubernetes.io/name": "m3",
        },
      },
    },
    {
      podSelector: {
        matchLabels: {
          "app.kubernetes.io/component": "test",
          "app.kubernetes.io/instance": "m3",
          "app.kubernetes.io/name": "m3",
        },
      },
    },
  ]);
  for (const domain of DOMAINS) {
    const policy = findComponent(objects, "NetworkPolicy", domain);
    t.deepEqual(policy.spec.policyTypes, ["Ingress", "Egress"]);
    const grpcRule = policy.spec.ingress[0];
    const peers = grpcRule.from.map(
      (peer: { podSelector: { matchLabels: Record<string, string> } }) =>
        peer.podSelector.matchLabels["app.kubernetes.io/component"],
    );
    // The config service checks logins with the kb, the annotation service asks it about box concepts;
    // capture's crops ask the registry about videos.
    const callers: Record<string, string[]> = {
      kb: ["gateway", "config", "annotation"],
      registry: ["gateway", "capture"],
    };
    t.deepEqual(peers, callers[domain] ?? ["gateway"], domain);
    const egressPorts = policy.spec.egress.flatMap((rule: { ports: { port: number }[] }) =>
      rule.ports.map((port) => port.port),
    );
    if (["kb", "annotation", "registry"].includes(domain)) t.true(egressPorts.includes(3306), domain);
    else t.false(egressPorts.includes(3306), domain);
    t.is(egressPorts.includes(9000), domain === "upload", domain);
    // The annotation service reaches the kb's gRPC port (box queries with descendants, relabels).
    if (domain === "annotation") t.true(egressPorts.includes(50051), domain);
  }
});

test("the optional backup CronJob archives every domain to the object store and keeps the newest", async (t) => {
  t.is(ofKind(await render([]), "CronJob").length, 0, "off by default");
  const objects = await render(["ci/production-values.yaml"]);
  const cronJob = findComponent(objects, "CronJob", "backup");
  t.like(cronJob.spec, { schedule: "30 1 * * *", concurrencyPolicy: "Forbid" });
  const container = podSpecOf(cronJob).containers[0];
  t.is(container.image, "registry.example.org/m3:0.1.0");
  t.deepEqual(container.args, ["m3", "backup", "--output", "s3://m3-backups/nightly/", "--retain", "14"]);
  const env = envOf(container);
  for (const domain of ["KB", "ANNOTATION", "REGISTRY"]) t.true(env.has(`M3_${domain}_DATABASE_URL`), domain);
  t.is(env.get("M3_UPLOAD_S3_ENDPOINT"), "https://minio.example.org");
  t.is(env.get("M3_UPLOAD_S3_ACCESS_KEY"), "secret:m3-minio/access-key");
  const policy = findComponent(objects, "NetworkPolicy", "backup");
  t.deepEqual(policy.spec.ingress, []);
  const egressPorts = policy.spec.egress.flatMap((rule: { ports: { port: number }[] }) =>
    rule.ports.map((port) => port.port),
  );
  t.true(egressPorts.includes(3306) && egressPorts.includes(9000));
  const defaults = await helmTemplate({ set: ["backup.enabled=true"] });
  t.deepEqual(podSpecOf(findComponent(defaults, "CronJob", "backup")).containers[0].args, [
    "m3",
    "backup",
    "--output",
    "s3://m3-images/m3-backups/",
    "--retain",
    "7",
  ]);
  await t.throwsAsync(helmTemplate({ set: ["backup.retention=0"] }), { message: /minimum/ });
});

test("autoscalers and disruption budgets target their component's Deployment, which leaves replicas to them", async (t) => {
  const objects = await render(["ci/production-values.yaml"]);
  const autoscalers = ofKind(objects, "HorizontalPodAutoscaler");
  t.deepEqual(autoscalers.map(componentOf).sort(), ["annotation", "gateway", "kb"]);
  for (const autoscaler of autoscalers) {
    const deployment = findComponent(objects, "Deployment", componentOf(autoscaler) as string);
    t.is(autoscaler.spec.scaleTargetRef.name, deployment.metadata.name);
    t.is(deployment.spec.replicas, undefined);
  }
  for (const budget of ofKind(objects, "PodDisruptionBudget")) {
    const deployment = findComponent(objects, "Deployment", componentOf(budget) as string);
    t.deepEqual(budget.spec.selector.matchLabels, deployment.spec.selector.matchLabels);
  }
  t.is(ofKind(objects, "PodDisruptionBudget").length, 4);
});

test("the optional Ingress routes to the gateway Service", async (t) => {
  const objects = await render(["ci/production-values.yaml"]);
  const [ingress] = ofKind(objects, "Ingress");
  const service = findComponent(objects, "Service", "gateway");
  t.is(ingress?.spec.rules[0].host, "m3.example.org");
  t.deepEqual(ingress?.spec.rules[0].http.paths[0].backend.service, {
    name: service.metadata.name,
    port: { name: "http" },
  });
});

test("disabled components render nothing and the gateway is not pointed at them", async (t) => {
  const objects = await render(["ci/minimal-values.yaml"]);
  t.deepEqual([...new Set(ofKind(objects, "Deployment").map(componentOf))].sort(), ["gateway", "kb"]);
  t.is(ofKind(objects, "NetworkPolicy").length, 0);
  const env = envOf(podSpecOf(findComponent(objects, "Deployment", "gateway")).containers[0]);
  t.deepEqual(
    [...env.keys()].filter((name) => name.endsWith("_GRPC_ADDRESS")),
    ["M3_KB_GRPC_ADDRESS"],
  );
});

test("capture runs the ffmpeg image, the other components the shared one", async (t) => {
  const objects = await render([]);
  const image = (component: string) =>
    podSpecOf(findComponent(objects, "Deployment", component)).containers[0].image;
  t.is(image("capture"), "ghcr.io/mbari-org/m3-capture:0.1.0");
  t.is(image("kb"), "ghcr.io/mbari-org/m3:0.1.0");
  t.deepEqual(podSpecOf(findComponent(objects, "Deployment", "kb")).containers[0].args, ["kb"]);
  const capture = envOf(podSpecOf(findComponent(objects, "Deployment", "capture")).containers[0]);
  t.is(capture.get("CAPTURE_CACHE_SIZE"), "1500");
});

test("a process with node options of its own runs them (PROCESS_NODE_OPTIONS); the rest run the image's", async (t) => {
  const objects = await render([]);
  for (const component of [...DOMAINS, "gateway"]) {
    const container = podSpecOf(findComponent(objects, "Deployment", component)).containers[0];
    const own = PROCESS_NODE_OPTIONS[component];
    t.deepEqual(
      container.command,
      own ? ["node", ...own, "tools/m3/image/image-entrypoint.js"] : undefined,
      component,
    );
  }
  t.truthy(PROCESS_NODE_OPTIONS.config);
});

test("the values schema rejects unknown keys and out-of-range values", async (t) => {
  await t.throwsAsync(helmTemplate({ set: ["kb.replicaz=2"] }), {
    message: /additional properties 'replicaz'/,
  });
  await t.throwsAsync(helmTemplate({ set: ["gateway.port=70000"] }), { message: /maximum/ });
});

test("every value in values.yaml is documented with an @param comment", (t) => {
  const text = readFileSync(join(CHART_DIR, "values.yaml"), "utf8");
  const documented = readParamComments(text);
  const missing: string[] = [];
  const walk = (value: unknown, path: string[]) => {
    const isMap = value !== null && typeof value === "object" && !Array.isArray(value);
    // Maps passed through to Kubernetes (resources, securityContexts, ...) are documented as a whole.
    const passThrough = isMap && documented.has(path.join(".")) && path.length > 0;
    if (isMap && !passThrough) {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    } else if (!documented.has(path.join("."))) missing.push(path.join("."));
  };
  walk(parse(text), []);
  t.deepEqual(missing, []);
});

test("values.schema.json is the one values.yaml derives (regenerate with tools/dev/codegen/k8s/generate-values-schema.ts)", (t) => {
  const committed = JSON.parse(readFileSync(join(CHART_DIR, "values.schema.json"), "utf8"));
  t.deepEqual(committed, buildValuesSchema());
});
