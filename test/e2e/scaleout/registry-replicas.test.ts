/**
 * Three registry processes on one MariaDB database behind one gateway process, reached through
 * one target naming the three addresses (the local form of a headless Service's `dns:///` name):
 * the calls are shared, a killed replica fails no read and only writes that were on their way to
 * it when it died, and restarting the three one by one under load fails no request.
 */
import { join } from "node:path";
import test from "ava";
import { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { failedOutcomes, startMixedLoad } from "../../../tools/dev/fixtures/mixed-load.js";
import {
  type RegistryReplicas,
  startRegistryReplicas,
} from "../../../tools/dev/fixtures/registry-replicas.js";

const REPO_ROOT = join(import.meta.dirname, "..", "..", "..");
const RATE = 200;
let stack: RegistryReplicas | undefined;

test.before(async () => {
  stack = await startRegistryReplicas({
    replicas: 3,
    databaseUrl: await createTestDatabase("m3_replicas"),
    root: REPO_ROOT,
  });
});

test.after.always(async () => {
  await stack?.stop();
  await stopPrivateMariaDb();
});

function replicas(): RegistryReplicas {
  if (!stack) throw new Error("the replicas did not start");
  return stack;
}

function httpClient(): HttpClient {
  return new HttpClient(replicas().baseUrl, replicas().apiKey, "/vam/v1/auth");
}

async function servedByEach(): Promise<number[]> {
  const { replicaCount, servedCalls } = replicas();
  return Promise.all(Array.from({ length: replicaCount }, (_, index) => servedCalls(index)));
}

/** Waits until the replica has served `calls` more registry calls (it is in the rotation). */
async function untilServed(replica: number, calls: number): Promise<void> {
  const start = await replicas().servedCalls(replica);
  for (let poll = 0; poll < 1_200; poll += 1) {
    if ((await replicas().servedCalls(replica)) >= start + calls) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`replica ${replica} served fewer than ${calls} calls in 60 s`);
}

test.serial("each of three replicas serves a third of the gateway's calls (±10%)", async (t) => {
  const http = httpClient();
  const before = await servedByEach();
  const total = 600;
  for (let batch = 0; batch < total / 8; batch += 1) {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => http.get("/vam/v1/videosequences/names")),
    );
    t.true(replies.every((reply) => reply.status === 200));
  }
  const served = (await servedByEach()).map((count, index) => count - (before[index] ?? 0));
  t.is(
    served.reduce((sum, count) => sum + count, 0),
    total,
    "every request was one call",
  );
  for (const count of served)
    t.true(Math.abs(count - total / 3) <= total / 30, `shares ${served.join(", ")}`);
});

test.serial(
  "a replica killed under load fails no read, only writes that were on their way to it",
  async (t) => {
    const load = await startMixedLoad(httpClient(), RATE);
    await untilServed(0, 100);
    await replicas().kill(0);
    await Promise.all([untilServed(1, 300), untilServed(2, 300)]);
    const { outcomes } = await load.stop();
    const failed = failedOutcomes(outcomes);
    t.deepEqual(
      failed.filter((outcome) => outcome.method !== "POST"),
      [],
      "every read succeeded, retried on another replica when its own went away",
    );
    // A write can have reached the replica before it died: it is not sent twice, and answers 503
    // as its connection went (grpc-js names it "Connection dropped" or the socket's ECONNRESET).
    t.deepEqual(
      failed.filter(
        (outcome) => outcome.status !== 503 || !/Connection dropped|ECONNRESET/.test(outcome.failure ?? ""),
      ),
      [],
    );
    t.true(failed.length < 64, `${failed.length} failed writes: more than could be in flight`);
    t.log(`${outcomes.length} requests; ${failed.length} writes in flight on the killed replica failed`);
    // Back for the next test: the gateway finds it again by itself.
    await replicas().restart(0);
  },
);

test.serial(
  `restarting the three replicas one by one under ${RATE} req/s of mixed load fails no request`,
  async (t) => {
    const load = await startMixedLoad(httpClient(), RATE);
    for (let replica = 0; replica < replicas().replicaCount; replica += 1) {
      await replicas().restart(replica);
      await untilServed(replica, 50);
    }
    const { outcomes, skipped } = await load.stop();
    t.true(outcomes.length >= 600);
    t.deepEqual(failedOutcomes(outcomes), []);
    t.log(`${outcomes.length} requests (${skipped} not sent: 64 waiting already)`);
  },
);
