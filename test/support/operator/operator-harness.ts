/**
 * An operator against the API-server stand-in: the M3Platform CRD installed (the generated one),
 * the Secrets a platform references, and the operator started with short timings. The stand-in
 * plays the cluster's other controllers where a test needs them (markDeploymentsReady is the
 * Deployment controller and kubelet reporting pods ready). It is the stand-in on both test-server
 * paths, k3s's containers included: a real API server offers neither a store to play its
 * controllers through nor a log of the requests it received.
 */
import { CoreV1Api, CustomObjectsApi, KubeConfig } from "@kubernetes/client-node";
import { pino } from "pino";
import {
  M3_GROUP,
  M3_PLURAL,
  M3_VERSION,
  m3PlatformCrd,
} from "../../../services/operator/api/m3platform-crd.js";
import type { M3Platform, M3PlatformSpec } from "../../../services/operator/api/m3platform-schema.js";
import { Operator } from "../../../services/operator/operator.js";
import { KubeApiServer } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import type { KubeObject } from "../../../tools/dev/fixtures/kube-api-server/object-store.js";
import { eventually } from "../config/eventually.js";

export const NS = "media";
export const PLATFORM = { group: M3_GROUP, version: M3_VERSION, plural: M3_PLURAL, namespace: NS };

export const BASE_SPEC: M3PlatformSpec = {
  image: "ghcr.io/example/m3",
  version: "1.4.0",
  publicUrl: "https://m3.example.org",
  database: { urlSecret: { name: "m3-database", key: "url" } },
  secrets: { name: "m3-secrets" },
  backup: { schedule: "0 3 * * *", target: "s3://m3-backups/nightly/" },
};

export interface Cluster {
  api: KubeApiServer;
  config(user?: string): KubeConfig;
  core: CoreV1Api;
  custom: CustomObjectsApi;
  startOperator(identity?: string): Operator;
  createPlatform(name: string, spec?: Partial<M3PlatformSpec>): Promise<M3Platform>;
  readPlatform(name: string): Promise<M3Platform>;
  /** The stand-in's objects of a kind, by plural (`deployments`), in the namespace. */
  objects(group: string, version: string, plural: string): KubeObject[];
  markDeploymentsReady(): void;
  /** The Job controller's verdict on a migration Job: Complete, or Failed with the message. */
  finishJob(name: string, failure?: string): void;
  /** Waits for the migration Job of the version and lets it succeed. */
  migrate(version?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const api = await KubeApiServer.start();
  const config = (user = "tester") => {
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromOptions(api.kubeconfig(NS, user));
    return kubeConfig;
  };
  const core = config().makeApiClient(CoreV1Api);
  const custom = config().makeApiClient(CustomObjectsApi);
  await custom.createClusterCustomObject({
    group: "apiextensions.k8s.io",
    version: "v1",
    plural: "customresourcedefinitions",
    body: m3PlatformCrd(),
  });
  await core.createNamespacedSecret({
    namespace: NS,
    body: { metadata: { name: "m3-database" }, data: { url: b64("mysql://m3:pw@db/m3") } },
  });
  await core.createNamespacedSecret({
    namespace: NS,
    body: { metadata: { name: "m3-secrets" }, data: { apiKey: b64("key-1"), signingSecret: b64("sign-1") } },
  });
  const operators: Operator[] = [];
  const logger = pino({ level: "silent" });
  const cluster: Cluster = {
    api,
    config,
    core,
    custom,
    startOperator(identity = "operator-a") {
      const operator = new Operator(
        config(identity),
        {
          namespace: NS,
          identity,
          leaseName: "m3-operator",
          // Long enough that a leader on a loaded machine (a full test run on two cores) renews in time.
          leaseDurationSeconds: 3,
          port: 0,
          workers: 2,
          logLevel: "silent",
        },
        logger,
        { renewDeadlineMillis: 2_000, retryPeriodMillis: 100, baseRetryMillis: 20, informerRetryMillis: 50 },
      );
      operators.push(operator);
      operator.start();
      return operator;
    },
    async createPlatform(name, spec = {}) {
      return (await custom.createNamespacedCustomObject({
        ...PLATFORM,
        body: {
          apiVersion: `${M3_GROUP}/${M3_VERSION}`,
          kind: "M3Platform",
          metadata: { name },
          spec: { ...BASE_SPEC, ...spec },
        },
      })) as M3Platform;
    },
    async readPlatform(name) {
      return (await custom.getNamespacedCustomObject({ ...PLATFORM, name })) as M3Platform;
    },
    objects(group, version, plural) {
      return api.store.list(api.kind(group, version, plural), NS);
    },
    markDeploymentsReady() {
      const kind = api.kind("apps", "v1", "deployments");
      for (const deployment of api.store.list(kind, NS)) {
        const replicas = (deployment.spec as { replicas?: number }).replicas ?? 1;
        const status = {
          observedGeneration: deployment.metadata.generation,
          replicas,
          updatedReplicas: replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
        };
        api.store.replace(kind, NS, deployment.metadata.name, { ...deployment, status }, "status");
      }
    },
    finishJob(name, failure) {
      const kind = api.kind("batch", "v1", "jobs");
      const job = api.store.get(kind, NS, name);
      const condition = failure
        ? { type: "Failed", status: "True", reason: "BackoffLimitExceeded", message: failure }
        : { type: "Complete", status: "True" };
      const status = failure
        ? { failed: 3, conditions: [condition] }
        : { succeeded: 1, conditions: [condition] };
      api.store.replace(kind, NS, name, { ...job, status }, "status");
    },
    async migrate(version = BASE_SPEC.version) {
      const name = `m3-migrate-${version.replaceAll(".", "-")}`;
      await eventually(() =>
        cluster.objects("batch", "v1", "jobs").some((job) => job.metadata.name === name) ? true : undefined,
      );
      cluster.finishJob(name);
    },
    async close() {
      await Promise.all(operators.map((operator) => operator.stop(false)));
      await api.close();
    },
  };
  return cluster;
}

export function b64(text: string): string {
  return Buffer.from(text).toString("base64");
}

/** Waits until the platform's condition has the status (and reason, when given). */
export function conditionBecomes(
  cluster: Cluster,
  name: string,
  type: string,
  status: string,
  reason?: string,
) {
  return eventually(async () => {
    const platform = await cluster.readPlatform(name);
    const condition = platform.status?.conditions?.find((item) => item.type === type);
    return condition?.status === status && (reason === undefined || condition.reason === reason)
      ? platform
      : undefined;
  });
}
