import test from "ava";
import type { M3Platform, M3PlatformSpec } from "../../../services/operator/api/m3platform-schema.js";
import { restoreJob } from "../../../services/operator/builders/restore-job.js";
import { specRefusals } from "../../../services/operator/controller/spec-refusals.js";
import { find, type Json, objectsOf } from "../../support/operator/built-objects.js";

const EVERY_PROCESS: Partial<M3PlatformSpec> = {
  backup: { schedule: "0 3 * * *", target: "s3://m3-backups/nightly/" },
  restore: { id: "r1", from: "s3://m3-backups/nightly/a.jsonl.gz" },
};

const platformOf = (spec: Partial<M3PlatformSpec>): M3Platform => ({
  apiVersion: "m3.io/v1alpha1",
  kind: "M3Platform",
  metadata: { name: "m3", namespace: "media", uid: "uid-1" },
  spec: {
    image: "ghcr.io/example/m3",
    version: "1.4.0",
    publicUrl: "https://m3.example.org/",
    database: { urlSecret: { name: "m3-database", key: "url" } },
    secrets: { name: "m3-secrets" },
    ...spec,
  },
});

/** Every pod spec the platform runs, by a name saying whose. */
function podSpecsOf(spec: Partial<M3PlatformSpec>): [string, Json][] {
  const objects = objectsOf({ ...EVERY_PROCESS, ...spec });
  const pods: [string, Json][] = objects
    .filter((object) => object.kind === "Deployment")
    .map((deployment: Json) => [deployment.metadata.name, deployment.spec.template.spec]);
  pods.push(["m3-migrate-1-4-0", find(objects, "Job", "m3-migrate-1-4-0").spec.template.spec]);
  pods.push(["m3-backup", find(objects, "CronJob", "m3-backup").spec.jobTemplate.spec.template.spec]);
  const restore = restoreJob(platformOf({ ...EVERY_PROCESS, ...spec }), "1.4.0") as Json;
  pods.push([restore.metadata.name, restore.spec.template.spec]);
  return pods;
}

test("spec.env reaches every container (the seven Deployments and the migration, backup and restore Jobs), and a domain's own env wins on the same name", (t) => {
  const pods = podSpecsOf({
    env: [
      { name: "TZ", value: "UTC" },
      { name: "NODE_EXTRA_CA_CERTS", value: "/etc/ca/ca.pem" },
    ],
    domains: { kb: { env: [{ name: "TZ", value: "America/Los_Angeles" }] } },
  });
  t.is(pods.length, 10);
  for (const [whose, pod] of pods) {
    const env: Json[] = pod.containers[0].env;
    const names = env.map((item) => item.name);
    t.deepEqual(names, [...new Set(names)], `${whose}: no variable twice`);
    const tz = env.find((item) => item.name === "TZ")?.value;
    t.is(tz, whose === "m3-kb" ? "America/Los_Angeles" : "UTC", whose);
    t.is(env.find((item) => item.name === "NODE_EXTRA_CA_CERTS")?.value, "/etc/ca/ca.pem", whose);
  }
  const kb = pods.find(([whose]) => whose === "m3-kb")?.[1].containers[0].env as Json[];
  t.is(kb.at(-1).name, "TZ", "the domain's own comes last");
  t.is(kb[0].name, "M3_API_KEY", "the platform's own come first");
});

test("a variable of spec.env replaces the platform's own of that name, once", (t) => {
  const [, gateway] = podSpecsOf({ env: [{ name: "M3_API_KEY", value: "literal" }] }).find(
    ([whose]) => whose === "m3-gateway",
  ) as [string, Json];
  const keys = (gateway.containers[0].env as Json[]).filter((item) => item.name === "M3_API_KEY");
  t.deepEqual(keys, [{ name: "M3_API_KEY", value: "literal" }]);
});

test("the Jobs pull as the Deployments do (pull secrets and policy) and take spec.jobs.resources; every pod runs under the runtime's seccomp profile", (t) => {
  const resources = { requests: { cpu: "100m", memory: "256Mi" }, limits: { memory: "1Gi" } };
  const pods = podSpecsOf({
    imagePullSecrets: [{ name: "regcred" }],
    imagePullPolicy: "Always",
    jobs: { resources },
  });
  for (const [whose, pod] of pods) {
    t.deepEqual(pod.imagePullSecrets, [{ name: "regcred" }], whose);
    t.is(pod.containers[0].imagePullPolicy, "Always", whose);
    t.deepEqual(pod.securityContext.seccompProfile, { type: "RuntimeDefault" }, whose);
    t.true(pod.securityContext.runAsNonRoot, whose);
    const isJob = !pods.slice(0, 7).some(([name]) => name === whose);
    if (isJob) t.deepEqual(pod.containers[0].resources, resources, whose);
  }
  const [, plain] = podSpecsOf({})[7] as [string, Json];
  t.is(plain.imagePullSecrets, undefined);
  t.is(plain.containers[0].imagePullPolicy, undefined, "unset, Kubernetes' default for the tag");
  t.is(plain.containers[0].resources, undefined);
});

test("the ServiceMonitor's relabelings follow the component one, and its metric relabelings reach both endpoints", (t) => {
  const relabeling = { sourceLabels: ["__meta_kubernetes_pod_node_name"], targetLabel: "node" };
  const drop = { sourceLabels: ["__name__"], regex: "nodejs_gc_.*", action: "drop" };
  const monitor = find(
    objectsOf({
      monitoring: {
        serviceMonitor: {
          enabled: true,
          namespace: "media",
          relabelings: [relabeling],
          metricRelabelings: [drop],
        },
      },
    }),
    "ServiceMonitor",
    "m3",
  );
  t.is(monitor.metadata.namespace, "media", "the platform's own namespace is accepted");
  for (const endpoint of monitor.spec.endpoints) {
    t.is(endpoint.relabelings[0].targetLabel, "component");
    t.deepEqual(endpoint.relabelings.slice(1), [relabeling]);
    t.deepEqual(endpoint.metricRelabelings, [drop]);
  }
  const plain = find(
    objectsOf({ monitoring: { serviceMonitor: { enabled: true } } }),
    "ServiceMonitor",
    "m3",
  );
  t.false("metricRelabelings" in plain.spec.endpoints[0]);
});

test("a ServiceMonitor asked for in another namespace is not rendered, and the refusal names the namespace and what to do instead", (t) => {
  const monitoring = { serviceMonitor: { enabled: true, namespace: "monitoring" } };
  t.false(objectsOf({ monitoring }).some((object) => object.kind === "ServiceMonitor"));
  const [refusal, ...others] = specRefusals(platformOf({ monitoring }));
  t.deepEqual(others, []);
  t.regex(refusal ?? "", /^spec\.monitoring\.serviceMonitor\.namespace monitoring refused: .*only in media/);
  t.regex(refusal ?? "", /serviceMonitorNamespaceSelector/);
  t.deepEqual(specRefusals(platformOf({ monitoring: { serviceMonitor: { enabled: true } } })), []);
  t.deepEqual(
    specRefusals(platformOf({ monitoring: { serviceMonitor: { enabled: false, namespace: "monitoring" } } })),
    [],
    "not asked for, nothing refused",
  );
});
