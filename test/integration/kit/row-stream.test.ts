import test from "ava";
import {
  streamCellBatches,
  streamRows,
  streamRowValueBatches,
} from "../../../services/kit/storage/row-stream.js";
import { cellText } from "../../support/text-protocol-rows.js";
import {
  closeAll,
  collect,
  NEVER,
  open,
  queriesLeftAfter,
  rejectionOf,
  runningQueries,
  StreamProbe,
} from "./row-stream-support.js";

/** A statement that produces rows slowly enough to be cancelled in the middle. */
const SLOW_SQL = "SELECT n, REPEAT('x', 1000) AS padding, SLEEP(0.01) AS slow_marker FROM kit_stream_probe";

test.after.always(closeAll);

for (const kind of ["mysql", "postgres", "sqlite"] as const) {
  test(`${kind}: every row arrives, in order, with bound parameters`, async (t) => {
    const storage = await open(kind, 3000);
    const rows = await collect(
      streamRows(
        storage,
        "SELECT n FROM kit_stream_probe WHERE n > ? ORDER BY n",
        [1000],
        new AbortController().signal,
      ),
    );
    t.is(rows.length, 2000);
    t.deepEqual(rows[0], { n: 1001 });
    t.deepEqual(rows.at(-1), { n: 3000 });
  });

  test(`${kind}: value batches hold every row as its values in SELECT order, a few hundred at a time`, async (t) => {
    const storage = await open(kind, 3000);
    const batches: unknown[][][] = [];
    for await (const batch of streamRowValueBatches(
      storage,
      "SELECT n, n * 2 AS twice FROM kit_stream_probe WHERE n > ? ORDER BY n",
      [1000],
      new AbortController().signal,
    )) {
      batches.push(batch);
    }
    const rows = batches.flat();
    t.is(rows.length, 2000);
    t.deepEqual(rows[0]?.map(Number), [1001, 2002]);
    t.deepEqual(rows.at(-1)?.map(Number), [3000, 6000]);
    t.true(batches.length >= 4, `2000 rows in ${batches.length} batches`);
    t.true(batches.every((batch) => batch.length > 0 && batch.length <= 512));
  });

  test(`${kind}: stopping early frees the connection for the next statements`, async (t) => {
    const storage = await open(kind, 2000);
    // More early stops than the pool has connections: a leaked one would hang the last.
    for (let round = 0; round < 5; round++) {
      for await (const row of streamRows(
        storage,
        "SELECT n FROM kit_stream_probe ORDER BY n",
        [],
        new AbortController().signal,
      )) {
        t.is(row.n, 1);
        break;
      }
    }
    const count = await storage.read((manager) => manager.count(StreamProbe));
    t.is(count, 2000);
  });

  test(`${kind}: an abort ends the iteration with the signal's reason`, async (t) => {
    const storage = await open(kind, 2000);
    const controller = new AbortController();
    const seen: unknown[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const row of streamRows(
          storage,
          "SELECT n FROM kit_stream_probe ORDER BY n",
          [],
          controller.signal,
        )) {
          seen.push(row.n);
          if (seen.length === 10) controller.abort();
        }
      })(),
    );
    t.is(error?.name, "AbortError");
    t.is(seen.length, 10);
  });

  test(`${kind}: an invalid statement rejects the iteration`, async (t) => {
    const storage = await open(kind, 1);
    const error = await rejectionOf(
      collect(
        streamRows(storage, "SELECT missing_column FROM kit_stream_probe", [], new AbortController().signal),
      ),
    );
    t.regex(String((error as { message?: string } | undefined)?.message), /missing_column/);
  });

  test(`${kind}: an aborted signal reads nothing`, async (t) => {
    const storage = await open(kind, 10);
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(
      collect(streamRows(storage, "SELECT n FROM kit_stream_probe", [], controller.signal)),
    );
    t.is(error?.name, "AbortError");
  });
}

test("mysql: an abort kills the running query on the server", async (t) => {
  const storage = await open("mysql", 2000);
  const controller = new AbortController();
  const rows = streamRows(storage, SLOW_SQL, [], controller.signal)[Symbol.asyncIterator]();
  await rows.next();
  t.is(await runningQueries(storage, "slow_marker"), 1);
  controller.abort();
  t.is((await rejectionOf(rows.next()))?.name, "AbortError");
  // KILL QUERY marks the query; the server ends it at its next check, a moment later under load.
  t.is(await queriesLeftAfter(storage, "slow_marker", 5_000), 0);
});

test("mysql: cell batches hold every row's text as the server sent it, NULLs apart, and free their connection", async (t) => {
  const storage = await open("mysql", 5000);
  const sql = `SELECT n, IF(n % 7 = 0, NULL, CONCAT('v', n)) AS maybe, CAST(n / 8 AS DOUBLE) AS eighth,
      TIMESTAMP('2024-01-02 03:04:05.5') + INTERVAL n SECOND AS at, REPEAT('é', n % 300) AS long_text
    FROM kit_stream_probe WHERE n > ? ORDER BY n`;
  const texts: (string | null)[][] = [];
  let batches = 0;
  for await (const batch of streamCellBatches(storage, sql, [1000], new AbortController().signal)) {
    batches++;
    for (let row = 0; row < batch.rows; row++) {
      texts.push(Array.from({ length: batch.columns }, (_, column) => cellText(batch, row, column)));
    }
  }
  t.is(texts.length, 4000);
  t.true(batches > 1, `4000 rows in ${batches} batches`);
  t.deepEqual(texts[0], ["1001", null, "125.125", "2024-01-02 03:20:46.5", "é".repeat(101)]);
  t.deepEqual(texts[1], ["1002", "v1002", "125.25", "2024-01-02 03:20:47.5", "é".repeat(102)]);
  t.deepEqual(texts.at(-1), ["5000", "v5000", "625", "2024-01-02 04:27:25.5", "é".repeat(200)]);
  // Leaving early kills the statement and frees the connection (the pool has three).
  for (let round = 0; round < 5; round++) {
    for await (const _batch of streamCellBatches(storage, sql, [0], new AbortController().signal)) break;
  }
  t.is(await queriesLeftAfter(storage, "long_text", 5000), 0);
});

test("sqlite: writes go on while a stream is open", async (t) => {
  const storage = await open("sqlite", 100);
  const rows = streamRows(
    storage,
    "SELECT n FROM kit_stream_probe ORDER BY n",
    [],
    new AbortController().signal,
  );
  const iterator = rows[Symbol.asyncIterator]();
  t.deepEqual((await iterator.next()).value, { n: 1 });
  await storage.transaction((manager) => manager.insert(StreamProbe, { n: 5000 }));
  let remaining = 0;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) remaining++;
  t.is(remaining, 99);
  t.is(await storage.read((manager) => manager.count(StreamProbe)), 101);
});

test("sqlite: a stream after others reads through a kept connection and sees the writes committed since", async (t) => {
  const storage = await open("sqlite", 10);
  const sql = "SELECT n FROM kit_stream_probe WHERE n > ? ORDER BY n";
  t.is((await collect(streamRows(storage, sql, [0], NEVER))).length, 10);
  for await (const _row of streamRows(storage, sql, [0], NEVER)) break;
  const kept = storage.sqliteReaders?.take();
  t.truthy(kept, "a connection was kept");
  if (kept) storage.sqliteReaders?.give(kept);
  await storage.transaction((manager) => manager.insert(StreamProbe, { n: 11 }));
  // The statement left mid-result on the kept connection runs again from its start.
  t.deepEqual(
    (await collect(streamRows(storage, sql, [5], NEVER))).map((row) => row.n),
    [6, 7, 8, 9, 10, 11],
  );
  t.is(storage.sqliteReaders?.take(), kept, "the same connection, kept between streams");
});

test("sqlite: streams open at once each read on their own connection", async (t) => {
  const storage = await open("sqlite", 600);
  const sql = "SELECT n FROM kit_stream_probe ORDER BY n";
  const iterators = Array.from({ length: 6 }, () =>
    streamRows(storage, sql, [], NEVER)[Symbol.asyncIterator](),
  );
  for (const iterator of iterators) t.deepEqual((await iterator.next()).value, { n: 1 });
  for (const iterator of iterators) {
    let count = 1;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) count++;
    t.is(count, 600);
  }
});

for (const kind of ["mysql", "postgres", "sqlite"] as const) {
  test(`${kind}: more streams than pooled connections, each querying while it reads, all finish`, async (t) => {
    const storage = await open(kind, 2000);
    // Pool of 3: four streams that each held a pooled connection while waiting for another
    // (as the fast queries complete a slice) used to wait for one another for ever.
    const readWhileStreaming = async () => {
      let rows = 0;
      for await (const _row of streamRows(storage, "SELECT n FROM kit_stream_probe ORDER BY n", [], NEVER)) {
        if (++rows % 500 === 0) await storage.read((manager) => manager.count(StreamProbe));
      }
      return rows;
    };
    const all = Promise.all(Array.from({ length: 4 }, readWhileStreaming));
    const stuck = new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 20_000).unref());
    t.deepEqual(await Promise.race([all, stuck]), [2000, 2000, 2000, 2000]);
  });
}
