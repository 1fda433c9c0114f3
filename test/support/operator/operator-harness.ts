/**
 * An operator against a Kubernetes API, reached only through @kubernetes/client-node: the
 * M3Platform CRD installed (the generated one), a namespace of the cluster's own, the Secrets a
 * platform references, and the operator started with short timings. The API server is the test
 * servers' one (k3s where a container engine answers, the API-server stand-in here), shared by the
 * clusters a file opens at once. The tests play the cluster's Deployment, Job and CronJob
 * controllers through the status subresource (cluster-controllers.ts), which k3s runs without.
 *
 * startStandInCluster gives a cluster on a stand-in of its own, for the tests that read what only
 * the stand-in offers (the requests it received); their files say so.
 */
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  type KubernetesObject,
  type V1ObjectMeta,
} from "@kubernetes/client-node";
import { pino } from "pino";
import {
  M3_API_VERSION,
  M3_GROUP,
  M3_PLURAL,
  M3_VERSION,
  m3PlatformCrd,
} from "../../../services/operator/api/m3platform-crd.js";
import type { M3Platform, M3PlatformSpec } from "../../../services/operator/api/m3platform-schema.js";
import { Operator } from "../../../services/operator/operator.js";
import type { KubeApiServer } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import { startServer as startDebianServer } from "../../../tools/dev/fixtures/servers/debian-servers.js";
import type { KubernetesTestServer } from "../../../tools/dev/fixtures/servers/test-servers.js";
import { eventuallyFromApi } from "../config/eventually.js";
import { JsonObjectApi } from "../kube/json-object-api.js";
import {
  acquireKubernetesServer,
  createNamespace,
  kubeConfigOf,
  releaseKubernetesServer,
  uniqueNamespace,
} from "../kube/shared-kube-server.js";
import { ClusterControllers } from "./cluster-controllers.js";

export const BASE_SPEC: M3PlatformSpec = {
  image: "ghcr.io/example/m3",
  version: "1.4.0",
  publicUrl: "https://m3.example.org",
  database: { urlSecret: { name: "m3-database", key: "url" } },
  secrets: { name: "m3-secrets" },
  backup: { schedule: "0 3 * * *", target: "s3://m3-backups/nightly/" },
};

/** An object's JSON as the API lists it; the tests read its spec and status by path. */
export type ClusterObject = KubernetesObject & {
  metadata: V1ObjectMeta;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the objects' JSON by path
  spec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: likewise
  status?: any;
};

export interface Cluster {
  /** The namespace of this cluster's platform and operator. */
  namespace: string;
  /** The M3Platform resource in that namespace, for CustomObjectsApi calls. */
  platform: { group: string; version: string; plural: string; namespace: string };
  /** The API-server stand-in (its store and request log), when the server is one; undefined on k3s. */
  standIn: KubeApiServer | undefined;
  /** A kubeconfig document for the server (on the stand-in, with the user's own token). */
  kubeconfig(user?: string): string;
  config(user?: string): KubeConfig;
  core: CoreV1Api;
  custom: CustomObjectsApi;
  controllers: ClusterControllers;
  startOperator(identity?: string): Operator;
  createPlatform(name: string, spec?: Partial<M3PlatformSpec>): Promise<M3Platform>;
  readPlatform(name: string): Promise<M3Platform>;
  /** The objects of a kind in the namespace, as the API lists them (none of a kind it does not serve). */
  objects(apiVersion: string, kind: string): Promise<ClusterObject[]>;
  /** Waits for the migration Job of the version and lets it succeed. */
  migrate(version?: string): Promise<void>;
  close(): Promise<void>;
}

/** A cluster on the test servers' Kubernetes API (k3s or the stand-in), in a namespace of its own. */
export async function startCluster(): Promise<Cluster> {
  const server = acquireKubernetesServer();
  try {
    return await openCluster(await server, releaseKubernetesServer);
  } catch (error) {
    await releaseKubernetesServer();
    throw error;
  }
}

/** A cluster on an API-server stand-in of its own, whatever the test servers' path. */
export async function startStandInCluster(): Promise<Cluster & { standIn: KubeApiServer }> {
  const server = await startDebianServer("kubernetes");
  const { standIn } = server;
  if (standIn === undefined) throw new Error("the Debian path's Kubernetes API is the stand-in");
  return { ...(await openCluster(server, () => server.stop())), standIn };
}

async function openCluster(server: KubernetesTestServer, release: () => Promise<void>): Promise<Cluster> {
  const admin = kubeConfigOf(server);
  const namespace = await createNamespace(admin, uniqueNamespace("m3-test"));
  const platform = { group: M3_GROUP, version: M3_VERSION, plural: M3_PLURAL, namespace };
  // On the stand-in each user has a token of its own, so its request log tells who asked.
  const kubeconfig = (user = "tester") => server.standIn?.kubeconfigDocument(user) ?? server.kubeconfig;
  const config = (user?: string) => kubeConfigFrom(kubeconfig(user));
  const core = config().makeApiClient(CoreV1Api);
  const custom = config().makeApiClient(CustomObjectsApi);
  const listed = config().makeApiClient(JsonObjectApi);
  await installCrd(custom, platform);
  await core.createNamespacedSecret({
    namespace,
    body: { metadata: { name: "m3-database" }, data: { url: b64("mysql://m3:pw@db/m3") } },
  });
  await core.createNamespacedSecret({
    namespace,
    body: { metadata: { name: "m3-secrets" }, data: { apiKey: b64("key-1"), signingSecret: b64("sign-1") } },
  });
  const operators: Operator[] = [];
  const controllers = new ClusterControllers(config(), namespace);
  const cluster: Cluster = {
    namespace,
    platform,
    standIn: server.standIn,
    kubeconfig,
    config,
    core,
    custom,
    controllers,
    startOperator(identity = "operator-a") {
      const operator = new Operator(
        config(identity),
        {
          namespace,
          identity,
          leaseName: "m3-operator",
          // Long enough that a leader on a loaded machine (a full test run on two cores) renews in time.
          leaseDurationSeconds: 3,
          port: 0,
          workers: 2,
          logLevel: "silent",
        },
        pino({ level: "silent" }),
        { renewDeadlineMillis: 2_000, retryPeriodMillis: 100, baseRetryMillis: 20, informerRetryMillis: 50 },
      );
      operators.push(operator);
      operator.start();
      return operator;
    },
    async createPlatform(name, spec = {}) {
      return (await custom.createNamespacedCustomObject({
        ...platform,
        body: {
          apiVersion: M3_API_VERSION,
          kind: "M3Platform",
          metadata: { name },
          spec: { ...BASE_SPEC, ...spec },
        },
      })) as M3Platform;
    },
    async readPlatform(name) {
      return (await custom.getNamespacedCustomObject({ ...platform, name })) as M3Platform;
    },
    async objects(apiVersion, kind) {
      try {
        return (await listed.list(apiVersion, kind, namespace)).items as ClusterObject[];
      } catch (error) {
        if (notServed(error)) return [];
        throw error;
      }
    },
    async migrate(version = BASE_SPEC.version) {
      const name = `m3-migrate-${version.replaceAll(".", "-")}`;
      await eventuallyFromApi(async () =>
        (await cluster.objects("batch/v1", "Job")).some((job) => job.metadata.name === name)
          ? true
          : undefined,
      );
      await controllers.finishJob(name);
    },
    async close() {
      await Promise.all(operators.map((operator) => operator.stop(false)));
      await release();
    },
  };
  return cluster;
}

/**
 * Creates the M3Platform CRD, unless another cluster on the server did, and waits until the API
 * serves the kind: a real API server establishes a new CRD a moment after it is created.
 */
async function installCrd(custom: CustomObjectsApi, platform: Cluster["platform"]): Promise<void> {
  await custom
    .createClusterCustomObject({
      group: "apiextensions.k8s.io",
      version: "v1",
      plural: "customresourcedefinitions",
      body: m3PlatformCrd(),
    })
    .catch((error: unknown) => {
      if ((error as { code?: number }).code !== 409) throw error;
    });
  await eventuallyFromApi(() =>
    custom.listNamespacedCustomObject(platform).then(
      () => true,
      () => undefined,
    ),
  );
}

/** The API answered that it serves no such kind (a CRD not yet established, or never created). */
function notServed(error: unknown): boolean {
  const { code, message } = error as { code?: number; message?: string };
  return code === 404 || message?.startsWith("Unrecognized API version and kind") === true;
}

function kubeConfigFrom(document: string): KubeConfig {
  const config = new KubeConfig();
  config.loadFromString(document);
  return config;
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
  return eventuallyFromApi(async () => {
    const platform = await cluster.readPlatform(name);
    const condition = platform.status?.conditions?.find((item) => item.type === type);
    return condition?.status === status && (reason === undefined || condition.reason === reason)
      ? platform
      : undefined;
  });
}
