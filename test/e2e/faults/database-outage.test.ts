/**
 * A database that goes away under write load: while MariaDB is down every call answers 503
 * with Retry-After (never 500, never a hang), /status names the domain whose database is
 * unreachable, writes succeed again once it is back without restarting m3, and no write that
 * was acknowledged is lost. The server is this file's own (killed with SIGKILL and relaunched
 * on the same port and data), not the run's shared one.
 */
import test from "ava";
import mysql from "mysql2/promise";
import { type MariaDbServer, startMariaDbServer } from "../../../tools/dev/fixtures/mariadb-server.js";
import { type FaultPlatform, startFaultPlatform } from "../../support/faults/fault-platform.js";
import {
  lostWrites,
  sleep,
  startWriteLoad,
  type WriteTarget,
  writeOnce,
} from "../../support/faults/write-load.js";

const WRITERS = 8;
const REQUEST_TIMEOUT_MILLIS = 15_000;

let server: MariaDbServer;
let running: FaultPlatform;
let base: string;
let target: WriteTarget;

test.before(async () => {
  server = await startMariaDbServer("64M");
  const connection = await mysql.createConnection(`${server.rootUrl}/`);
  await connection.query("CREATE DATABASE m3_outage CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
  await connection.end();
  running = await startFaultPlatform({
    databaseUrl: `${server.rootUrl}/m3_outage`,
    timeoutMillis: REQUEST_TIMEOUT_MILLIS,
  });
  ({ base, target } = running);
});

test.after.always(async () => {
  await running?.stop();
  await server?.stop();
});

async function platformStatus(): Promise<{
  status: number;
  body: { status: string; databases: Record<string, string> };
}> {
  const reply = await fetch(`${base}/status`);
  return {
    status: reply.status,
    body: (await reply.json()) as { status: string; databases: Record<string, string> },
  };
}

test("killing MariaDB under write load gives 503 with Retry-After, /status names it, writes recover and nothing acknowledged is lost", async (t) => {
  const acknowledged = new Set<string>();
  // A fresh platform's first writes are slow (pools, prepared statements): load starts once one is through.
  for (let warm = 0; (await writeOnce(target, `outage-warm-${warm}`, acknowledged)).status !== 200; warm++) {
    if (warm === 100) throw new Error("no write succeeded before the outage");
    await sleep(100);
  }
  const load = startWriteLoad(target, WRITERS, acknowledged);
  await sleep(1_000);

  load.setPhase("down");
  await server.crash();
  await sleep(2_500);
  const duringOutage = await platformStatus();

  load.setPhase("restarting");
  await server.relaunch();
  const backAt = performance.now();
  let recoveredMillis: number | undefined;
  while (performance.now() - backAt < 30_000) {
    const probe = await writeOnce(target, `outage-probe-${Math.round(performance.now())}`, acknowledged);
    if (probe.status === 200) {
      recoveredMillis = performance.now() - backAt;
      break;
    }
    await sleep(100);
  }
  load.setPhase("after");
  await sleep(1_000);
  await load.stop();
  const afterRecovery = await platformStatus();

  const statuses = load.outcomes.map(({ outcome }) => outcome.status);
  t.deepEqual(
    [...new Set(statuses)].filter((status) => status !== 200 && status !== 503),
    [],
    "only 200 and 503",
  );
  const unavailable = load.outcomes
    .filter(({ outcome }) => outcome.status === 503)
    .map(({ outcome }) => outcome);
  t.true(unavailable.length > 0, "some writes met the outage");
  for (const outcome of unavailable) {
    t.regex(outcome.message ?? "", /unavailable/);
    t.is(outcome.retryAfter, "5");
  }
  const slowest = Math.max(...load.outcomes.map(({ outcome }) => outcome.millis));
  t.true(slowest < 10_000, `the slowest answer took ${Math.round(slowest)} ms`);
  t.true(load.outcomes.some(({ phase, outcome }) => phase === "before" && outcome.status === 200));
  t.true(load.outcomes.some(({ phase, outcome }) => phase === "after" && outcome.status === 200));

  t.is(duringOutage.status, 200);
  t.is(duringOutage.body.status, "degraded");
  t.like(duringOutage.body.databases, {
    registry: "unreachable",
    kb: "unreachable",
    annotation: "unreachable",
  });
  t.not(recoveredMillis, undefined, "writes succeed again within 30 s of the restart");
  t.is(afterRecovery.body.status, "ok");

  const lost = await lostWrites(base, acknowledged);
  t.deepEqual(lost, [], "every acknowledged write is stored");
  t.log(
    `${acknowledged.size} writes acknowledged, ${unavailable.length} answered 503, none lost; ` +
      `writes succeeded ${Math.round(recoveredMillis ?? -1)} ms after MariaDB accepted connections again; ` +
      `slowest answer ${Math.round(slowest)} ms`,
  );
});
