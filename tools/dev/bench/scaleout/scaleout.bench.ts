/**
 * bench:scaleout: the gateway in front of BENCH_REPLICAS registry processes on one MariaDB
 * database (one `ipv4:` target naming them all, as a headless Service's name resolves), under the
 * mixed load of the replica tests (3 reads : 1 write) at BENCH_RATE req/s. Two runs: a steady one
 * of BENCH_SECONDS, giving each replica's share of the calls and the req/s answered; then the
 * replicas restarted one by one under the same load, giving the failed requests. The floor of
 * req/s is the rate asked for; the share's floor is 1/BENCH_REPLICAS. The processes run from
 * source (tsx), as the e2e tests run them.
 */
import { loadavg } from "node:os";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { HttpClient } from "../../fixtures/http-client.js";
import { failedOutcomes, startMixedLoad } from "../../fixtures/mixed-load.js";
import { startRegistryReplicas } from "../../fixtures/registry-replicas.js";
import { startBenchMariaDb } from "../harness/platform-process.js";

const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const mariadb = await startBenchMariaDb();
const replicas = await startRegistryReplicas({
  replicas: REPLICAS,
  databaseUrl: await mariadb.createDatabase("m3_bench_scaleout"),
  root: REPO_ROOT,
});
const servedByEach = () =>
  Promise.all(Array.from({ length: REPLICAS }, (_, index) => replicas.servedCalls(index)));
try {
  const http = new HttpClient(replicas.baseUrl, replicas.apiKey, "/vam/v1/auth");
  console.log(`bench:scaleout: ${REPLICAS} registry replicas, ${RATE} req/s asked, load before ${load()}`);

  const before = await servedByEach();
  const steady = await startMixedLoad(http, RATE);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const steadyResult = await steady.stop();
  const served = (await servedByEach()).map((count, index) => count - (before[index] ?? 0));
  const total = served.reduce((sum, count) => sum + count, 0);
  const answered = steadyResult.outcomes.length;
  console.log(
    `steady ${SECONDS} s: ${(answered / steadyResult.seconds).toFixed(0)} req/s answered of ${RATE} asked` +
      ` (${steadyResult.skipped} not sent: 64 waiting), ${failedOutcomes(steadyResult.outcomes).length} failed`,
  );
  console.log(
    `share per replica: ${served.map((count) => `${((count / total) * 100).toFixed(1)}%`).join(", ")}` +
      ` of ${total} registry calls (floor ${(100 / REPLICAS).toFixed(1)}% each)`,
  );

  const rolling = await startMixedLoad(http, RATE);
  for (let index = 0; index < REPLICAS; index += 1) {
    await replicas.restart(index);
    const start = await replicas.servedCalls(index);
    while ((await replicas.servedCalls(index)) < start + 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const rollingResult = await rolling.stop();
  console.log(
    `rolling restart of ${REPLICAS}: ${rollingResult.outcomes.length} requests in ${rollingResult.seconds.toFixed(1)} s` +
      ` (${(rollingResult.outcomes.length / rollingResult.seconds).toFixed(0)} req/s),` +
      ` ${failedOutcomes(rollingResult.outcomes).length} failed; load after ${load()}`,
  );
} finally {
  await replicas.stop();
  await mariadb.stop();
}
