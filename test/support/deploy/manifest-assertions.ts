import type { ExecutionContext } from "ava";
import type { EndpointEntry } from "../../../services/config/discovery/endpoint-entry.js";
import {
  entriesFromService,
  PART_OF_SELECTOR,
} from "../../../services/config/discovery/service-annotations.js";
import type { K8sObject } from "../../../tools/dev/codegen/k8s/render.js";
import { validateK8sObject } from "./k8s-schema.js";
import {
  componentOf,
  effectiveEnvOf,
  envOf,
  findComponent,
  ofKind,
  podSpecOf,
  SELECTOR_LABELS,
  selects,
} from "./manifest-queries.js";

/** Every object passes the Kubernetes schema of its kind. */
export async function assertSchemaValid(t: ExecutionContext, objects: readonly K8sObject[]): Promise<void> {
  const failures: string[] = [];
  for (const object of objects) {
    await validateK8sObject(object).catch((error: Error) => failures.push(error.message));
  }
  t.deepEqual(failures, []);
}

/** Workload and Service selectors use only the stable labels, and select their own pods. */
export function assertSelectors(t: ExecutionContext, objects: readonly K8sObject[]): void {
  const workloads = [...ofKind(objects, "Deployment")];
  for (const deployment of workloads) {
    const selector = deployment.spec.selector.matchLabels as Record<string, string>;
    t.deepEqual(Object.keys(selector).sort(), [...SELECTOR_LABELS].sort(), deployment.metadata.name);
    t.true(selects(selector, deployment.spec.template.metadata.labels), deployment.metadata.name);
  }
  for (const service of ofKind(objects, "Service")) {
    const selector = service.spec.selector as Record<string, string>;
    t.deepEqual(Object.keys(selector).sort(), [...SELECTOR_LABELS].sort(), service.metadata.name);
    const targets = workloads.filter((deployment) =>
      selects(selector, deployment.spec.template.metadata.labels),
    );
    t.is(targets.length, 1, `${service.metadata.name} selects exactly one Deployment's pods`);
  }
}

/** Every pod runs as non-root with a read-only root filesystem and no capabilities. */
export function assertSecurityContexts(t: ExecutionContext, objects: readonly K8sObject[]): void {
  const workloads = [
    ...ofKind(objects, "Deployment"),
    ...ofKind(objects, "Job"),
    ...ofKind(objects, "CronJob"),
  ];
  t.true(workloads.length > 0);
  for (const workload of workloads) {
    const pod = podSpecOf(workload);
    t.is(pod.securityContext?.runAsNonRoot, true, workload.metadata.name);
    t.true(Number(pod.securityContext?.runAsUser) > 0, workload.metadata.name);
    for (const container of pod.containers) {
      const context = container.securityContext ?? {};
      t.is(context.readOnlyRootFilesystem, true, `${workload.metadata.name}/${container.name}`);
      t.is(context.allowPrivilegeEscalation, false, `${workload.metadata.name}/${container.name}`);
      t.deepEqual(context.capabilities?.drop, ["ALL"], `${workload.metadata.name}/${container.name}`);
      const tmp = (container.volumeMounts ?? []).find(
        (mount: { mountPath: string }) => mount.mountPath === "/tmp",
      );
      const volume = pod.volumes?.find((candidate: { name: string }) => candidate.name === tmp?.name);
      t.truthy(volume?.emptyDir, `${workload.metadata.name} has a writable emptyDir /tmp for tsx`);
    }
  }
}

/** Domains are probed with native gRPC probes on their gRPC port; the gateway on /healthz and /readyz. */
export function assertProbes(t: ExecutionContext, objects: readonly K8sObject[]): void {
  for (const deployment of ofKind(objects, "Deployment")) {
    const component = componentOf(deployment);
    const container = podSpecOf(deployment).containers[0];
    const probes = [container.startupProbe, container.livenessProbe, container.readinessProbe].filter(
      Boolean,
    );
    if (component === "gateway") {
      if (container.livenessProbe) t.is(container.livenessProbe.httpGet.path, "/healthz");
      if (container.readinessProbe) t.is(container.readinessProbe.httpGet.path, "/readyz");
      continue;
    }
    const grpcPort = container.ports.find((port: { name: string }) => port.name === "grpc").containerPort;
    for (const probe of probes) t.deepEqual(probe.grpc, { port: grpcPort }, deployment.metadata.name);
    t.is(
      effectiveEnvOf(objects, container).get(`M3_${component?.toUpperCase()}_GRPC_PORT`),
      String(grpcPort),
    );
  }
}

/**
 * The config service's discovery: its RBAC grants exactly get/list/watch on services, every
 * Service carries what its label selector matches, and each endpoint Service's annotations
 * parse (with the config service's own reader) into the expected entry whose secret variable
 * the config service has.
 */
export function assertDiscovery(
  t: ExecutionContext,
  objects: readonly K8sObject[],
  expectedNames: Record<string, string[]>,
): EndpointEntry[] {
  const [selectorKey, selectorValue] = PART_OF_SELECTOR.split("=");
  const entries: EndpointEntry[] = [];
  for (const service of ofKind(objects, "Service")) {
    t.is(service.metadata.labels?.[selectorKey as string], selectorValue, service.metadata.name);
    const component = componentOf(service) as string;
    t.truthy(component, `${service.metadata.name} has a component label`);
    const described = entriesFromService(service);
    t.deepEqual(
      described.flatMap((entry) => entry.names),
      expectedNames[component] ?? [],
      `${service.metadata.name} endpoint names`,
    );
    entries.push(...described);
  }
  const role = ofKind(objects, "Role");
  t.is(role.length, 1);
  t.deepEqual(role[0]?.rules, [
    { apiGroups: [""], resources: ["services"], verbs: ["get", "list", "watch"] },
  ]);
  t.is(ofKind(objects, "ClusterRole").length, 0);
  const config = findComponent(objects, "Deployment", "config");
  const account = podSpecOf(config).serviceAccountName;
  const binding = ofKind(objects, "RoleBinding")[0];
  t.is(binding?.roleRef.name, role[0]?.metadata.name);
  t.deepEqual(
    binding?.subjects.map((subject: { kind: string; name: string }) => [subject.kind, subject.name]),
    [["ServiceAccount", account]],
  );
  const configEnv = envOf(podSpecOf(config).containers[0]);
  for (const { secretEnv } of entries)
    if (secretEnv) t.true(configEnv.has(secretEnv), `config has ${secretEnv}`);
  return entries;
}
