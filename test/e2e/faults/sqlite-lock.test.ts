/**
 * The embedded engine's outage: another process (a backup, an operator's sqlite3 shell, a second
 * m3 on the same files) holds the write lock of the registry's SQLite file under write load.
 * Writes to it answer 503 "busy" with Retry-After after a short bounded wait, never 500 and never
 * a hang; the other domains keep answering meanwhile (better-sqlite3 waits synchronously, so the
 * wait per statement is kept short and the retries pause asynchronously); once the lock is gone
 * writes succeed without a restart, and no acknowledged write is lost.
 */
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import test from "ava";
import Database from "better-sqlite3";
import { type FaultPlatform, startFaultPlatform } from "../../support/faults/fault-platform.js";
import {
  lostWrites,
  sleep,
  startWriteLoad,
  type WriteTarget,
  writeOnce,
} from "../../support/faults/write-load.js";

const WRITERS = 4;
const REQUEST_TIMEOUT_MILLIS = 15_000;
/** How long the other process keeps the registry's file locked. */
const LOCKED_MILLIS = 4_000;

let running: FaultPlatform;
let base: string;
let target: WriteTarget;

test.before(async () => {
  running = await startFaultPlatform({ timeoutMillis: REQUEST_TIMEOUT_MILLIS });
  ({ base, target } = running);
});

test.after.always(async () => {
  await running?.stop();
});

async function kbReadStatus(): Promise<number> {
  const reply = await fetch(`${base}/kb/v1/concept`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MILLIS) });
  await reply.arrayBuffer();
  return reply.status;
}

test("a registry file locked by another process gives 503 busy with Retry-After, other domains keep answering, writes recover and nothing acknowledged is lost", async (t) => {
  const acknowledged = new Set<string>();
  t.is((await writeOnce(target, "lock-warm", acknowledged)).status, 200);
  const load = startWriteLoad(target, WRITERS, acknowledged);
  await sleep(500);

  load.setPhase("locked");
  const holder = new Database(join(running.dataDir, "registry.sqlite"));
  holder.exec("BEGIN IMMEDIATE");
  // The platform runs in this process: a synchronous wait for the lock would hold up this loop.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  await sleep(500);
  const kbReads = [];
  for (let read = 0; read < 5; read++) {
    kbReads.push(await kbReadStatus());
    await sleep(200);
  }
  await sleep(LOCKED_MILLIS - 1_500);
  loopDelay.disable();
  holder.exec("ROLLBACK");
  holder.close();

  load.setPhase("after");
  await sleep(1_000);
  await load.stop();

  const statuses = load.outcomes.map(({ outcome }) => outcome.status);
  t.deepEqual(
    [...new Set(statuses)].filter((status) => status !== 200 && status !== 503),
    [],
    "only 200 and 503",
  );
  const busy = load.outcomes.filter(({ outcome }) => outcome.status === 503).map(({ outcome }) => outcome);
  t.true(busy.length > 0, "some writes met the lock");
  for (const outcome of busy) {
    t.regex(outcome.message ?? "", /busy/);
    t.is(outcome.retryAfter, "1");
  }
  const slowest = Math.max(...load.outcomes.map(({ outcome }) => outcome.millis));
  t.true(slowest < 10_000, `the slowest write answer took ${Math.round(slowest)} ms`);
  t.true(load.outcomes.some(({ phase, outcome }) => phase === "before" && outcome.status === 200));
  t.true(load.outcomes.some(({ phase, outcome }) => phase === "after" && outcome.status === 200));

  t.deepEqual(kbReads, [200, 200, 200, 200, 200], "the kb answers while the registry's file is locked");
  // Not a speed figure: waiting for the lock synchronously would hold the loop for all of LOCKED_MILLIS.
  const longestHold = loopDelay.max / 1e6;
  t.true(longestHold < LOCKED_MILLIS / 2, `the event loop was held up ${Math.round(longestHold)} ms at most`);

  t.deepEqual(await lostWrites(base, acknowledged), [], "every acknowledged write is stored");
  t.log(
    `${acknowledged.size} writes acknowledged, ${busy.length} answered 503 busy, none lost; ` +
      `slowest write answer ${Math.round(slowest)} ms, event loop held up ${Math.round(longestHold)} ms at most while locked`,
  );
});
