import test from "ava";
import { SingleFlight } from "../../../services/capture/pool/single-flight.js";
import { PoolRejectedError, WorkerPool } from "../../../services/capture/pool/worker-pool.js";

interface Gate {
  promise: Promise<void>;
  open(): void;
}

function gate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

test("the pool runs up to its workers at once, queues up to its size and rejects the next as full", async (t) => {
  const pool = new WorkerPool({ workers: 2, queueSize: 1, maxWaitMillis: 0 });
  const release = gate();
  const started: number[] = [];
  const tasks = [1, 2, 3].map((n) =>
    pool.run(async () => {
      started.push(n);
      await release.promise;
      return n;
    }),
  );
  await Promise.resolve();
  t.deepEqual(started, [1, 2]);
  t.is(pool.waiting, 1);
  const rejected = await t.throwsAsync(
    pool.run(async () => 4),
    { instanceOf: PoolRejectedError },
  );
  t.is(rejected?.why, "full");
  release.open();
  t.deepEqual(await Promise.all(tasks), [1, 2, 3]);
  t.deepEqual(started, [1, 2, 3]);
  t.is(pool.active, 0);
});

test("queued work that waited longer than maxWait is rejected when its turn comes", async (t) => {
  const pool = new WorkerPool({ workers: 1, queueSize: 5, maxWaitMillis: 1 });
  const release = gate();
  const first = pool.run(() => release.promise);
  let ran = false;
  const stale = pool.run(async () => {
    ran = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  release.open();
  await first;
  const error = await t.throwsAsync(stale, { instanceOf: PoolRejectedError });
  t.is(error?.why, "waited-too-long");
  t.false(ran);
});

test("a failing task frees its worker for the next one", async (t) => {
  const pool = new WorkerPool({ workers: 1, queueSize: 1, maxWaitMillis: 0 });
  const failing = pool.run(async () => {
    throw new Error("boom");
  });
  const next = pool.run(async () => "next");
  await t.throwsAsync(failing, { message: "boom" });
  t.is(await next, "next");
});

test("concurrent calls with one key share one run and its failure; a later call runs again", async (t) => {
  const flights = new SingleFlight<string>();
  let runs = 0;
  const release = gate();
  const work = async () => {
    runs += 1;
    await release.promise;
    throw new Error(`run ${runs}`);
  };
  const calls = [flights.run("k", work), flights.run("k", work), flights.run("k", work)];
  t.is(flights.inFlight, 1);
  release.open();
  for (const call of calls) await t.throwsAsync(call, { message: "run 1" });
  t.is(flights.inFlight, 0);
  await t.throwsAsync(flights.run("k", work), { message: "run 2" });
});

test("different keys run separately", async (t) => {
  const flights = new SingleFlight<string>();
  const results = await Promise.all([flights.run("a", async () => "a"), flights.run("b", async () => "b")]);
  t.deepEqual(results, ["a", "b"]);
});
