/**
 * `npm run bench:operator`: what one reconcile of an M3Platform costs, against the API-server
 * stand-in (tools/dev/fixtures/kube-api-server) through @kubernetes/client-node, in one process.
 * - A first reconcile (every object created) against its floor: the same objects created one
 *   after the other through the same client, with no reading, comparing or status.
 * - A reconcile with nothing to change (the steady state; the informers trigger one on every
 *   change of an owned object) against its floor: one GET of the platform and of each object it
 *   owns, the least a reconcile that checks for drift must read.
 * - The same steady reconcile reading from the informers' caches, as the controller runs it,
 *   which compares with the cached objects and sends no request: against building the desired
 *   objects and looking each up in its cache, in process (the least a cache-based reconcile does).
 * Both sides run after a throwaway platform's reconciles (module loading, API discovery).
 * Prints the median time and the API requests of each, the ratio to the floor and the load.
 * BENCH_ROUNDS (default 30) steady-state rounds, alternated with the floor's.
 */
import { CoreV1Api, CustomObjectsApi, KubeConfig, KubernetesObjectApi } from "@kubernetes/client-node";
import {
  M3_GROUP,
  M3_PLURAL,
  M3_VERSION,
  m3PlatformCrd,
} from "../../../../services/operator/api/m3platform-crd.js";
import type { M3Platform } from "../../../../services/operator/api/m3platform-schema.js";
import { platformObjects } from "../../../../services/operator/builders/platform-objects.js";
import { toClientModel } from "../../../../services/operator/controller/object-applier.js";
import { platformInformers } from "../../../../services/operator/controller/platform-informers.js";
import { makeReconciler } from "../../../../services/operator/controller/platform-reconciler.js";
import { KubeApiServer } from "../../fixtures/kube-api-server/kube-api-server.js";
import { loadAverage } from "../harness/machine.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const NS = "bench";
const SPEC = {
  image: "m3",
  version: "1.0.0",
  publicUrl: "https://m3.example.org",
  database: { urlSecret: { name: "db", key: "url" } },
  secrets: { name: "m3-secrets" },
  domains: { registry: { replicas: 3 }, kb: { autoscaling: { enabled: true } } },
  backup: { schedule: "0 3 * * *", target: "s3://b/" },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function setUp() {
  const api = await KubeApiServer.start();
  const config = new KubeConfig();
  config.loadFromOptions(api.kubeconfig(NS, "bench"));
  const core = config.makeApiClient(CoreV1Api);
  const custom = config.makeApiClient(CustomObjectsApi);
  const objects = KubernetesObjectApi.makeApiClient(config);
  await custom.createClusterCustomObject({
    group: "apiextensions.k8s.io",
    version: "v1",
    plural: "customresourcedefinitions",
    body: m3PlatformCrd(),
  });
  for (const name of ["db", "m3-secrets"]) {
    await core.createNamespacedSecret({ namespace: NS, body: { metadata: { name }, data: { url: "eA==" } } });
  }
  const reconciler = makeReconciler(config, () => undefined);
  // The controller's way: the same reconcile reading from its informers' caches.
  const informers = platformInformers(config, NS);
  for (const informer of informers.all) await informer.start();
  const cachedReconciler = makeReconciler(config, () => undefined, informers.caches);
  return { api, config, custom, objects, reconciler, informers, cachedReconciler };
}

type Bench = Awaited<ReturnType<typeof setUp>>;

async function createPlatform({ custom }: Bench, name: string): Promise<M3Platform> {
  return (await custom.createNamespacedCustomObject({
    group: M3_GROUP,
    version: M3_VERSION,
    namespace: NS,
    plural: M3_PLURAL,
    body: { apiVersion: `${M3_GROUP}/${M3_VERSION}`, kind: "M3Platform", metadata: { name }, spec: SPEC },
  })) as M3Platform;
}

/** The migration Job of the platform's version completes (the Job controller's part). */
function completeMigration(bench: Bench, name: string): void {
  const kind = bench.api.kind("batch", "v1", "jobs");
  const job = bench.api.store.get(kind, NS, `${name}-migrate-1-0-0`);
  bench.api.store.replace(
    kind,
    NS,
    job.metadata.name,
    { ...job, status: { conditions: [{ type: "Complete", status: "True" }] } },
    "status",
  );
}

async function requestsOf(bench: Bench, run: () => Promise<unknown>): Promise<number> {
  const before = bench.api.requests.length;
  await run();
  return bench.api.requests.length - before;
}

const bench = await setUp();
console.log(`load average before: ${loadAverage()}`);

// A platform reconciled and thrown away first, so neither side pays for loading and discovery.
await createPlatform(bench, "warm-up");
await bench.reconciler.reconcile(`${NS}/warm-up`);
completeMigration(bench, "warm-up");
await bench.reconciler.reconcile(`${NS}/warm-up`);

// First reconcile: the migration Job first, then (once it completed) everything else.
const first = await createPlatform(bench, "first");
const firstStart = bench.api.requests.length;
let firstMillis = await timed(() => bench.reconciler.reconcile(`${NS}/first`));
completeMigration(bench, "first");
firstMillis += await timed(() => bench.reconciler.reconcile(`${NS}/first`));
const firstRequests = bench.api.requests.length - firstStart;
const desired = platformObjects(first, {}, "1.0.0").map((object) => ({
  ...object,
  metadata: { ...object.metadata, name: `${object.metadata.name}-floor`, ownerReferences: undefined },
}));
const floorCreateMillis = await timed(async () => {
  for (const object of desired) await bench.objects.create(toClientModel(object));
});

// Steady state, alternated with its floor.
const reads = [
  { apiVersion: `${M3_GROUP}/${M3_VERSION}`, kind: "M3Platform", metadata: { name: "first", namespace: NS } },
  ...platformObjects(first, {}, "1.0.0").map((object) => ({
    apiVersion: object.apiVersion,
    kind: object.kind,
    metadata: { name: object.metadata.name, namespace: NS },
  })),
];
// The caches have followed every write once a cached reconcile writes nothing.
for (let tries = 0; ; tries++) {
  const before = bench.api.requests.length;
  const failed = await bench.cachedReconciler.reconcile(`${NS}/first`).then(
    () => false,
    () => true,
  );
  const wrote = bench.api.requests.slice(before).some((request) => request.method !== "GET");
  if (!failed && !wrote) break;
  if (tries > 100) throw new Error("the informers' caches did not settle");
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const steady: number[] = [];
const cachedSteady: number[] = [];
const floor: number[] = [];
const cachedFloor: number[] = [];
const { caches } = bench.informers;
for (let round = 0; round < ROUNDS; round++) {
  steady.push(await timed(() => bench.reconciler.reconcile(`${NS}/first`)));
  cachedSteady.push(await timed(() => bench.cachedReconciler.reconcile(`${NS}/first`)));
  floor.push(
    await timed(async () => {
      for (const spec of reads) await bench.objects.read(spec);
    }),
  );
  cachedFloor.push(
    await timed(async () => {
      const platform = caches.platforms.get("first", NS) as unknown as M3Platform;
      for (const object of platformObjects(platform, {}, "1.0.0"))
        caches.ownedByKind.get(object.kind)?.get(object.metadata.name, NS);
    }),
  );
}
const steadyRequests = await requestsOf(bench, () => bench.reconciler.reconcile(`${NS}/first`));
const cachedRequests = await requestsOf(bench, () => bench.cachedReconciler.reconcile(`${NS}/first`));
console.log(`load average after: ${loadAverage()}`);

const ratio = (floorMillis: number, millis: number) => (floorMillis / millis).toFixed(2);
console.table([
  {
    reconcile: "first (create all)",
    objects: desired.length,
    "m3 ms": firstMillis.toFixed(1),
    "floor ms": floorCreateMillis.toFixed(1),
    "floor/m3": ratio(floorCreateMillis, firstMillis),
    "m3 requests": firstRequests,
    "floor requests": desired.length,
  },
  {
    reconcile: `nothing to change (median of ${ROUNDS})`,
    objects: desired.length,
    "m3 ms": median(steady).toFixed(1),
    "floor ms": median(floor).toFixed(1),
    "floor/m3": ratio(median(floor), median(steady)),
    "m3 requests": steadyRequests,
    "floor requests": reads.length,
  },
  {
    reconcile: `nothing to change, informers' caches (median of ${ROUNDS})`,
    objects: desired.length,
    "m3 ms": median(cachedSteady).toFixed(2),
    "floor ms": median(cachedFloor).toFixed(2),
    "floor/m3": ratio(median(cachedFloor), median(cachedSteady)),
    "m3 requests": cachedRequests,
    "floor requests": 0,
  },
]);
for (const informer of bench.informers.all) await informer.stop();
await bench.api.close();
