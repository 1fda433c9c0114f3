import test from "ava";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
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
} from "./row-stream-support.js";

test.after.always(closeAll);

/** Rows slow enough (a page of 512 takes about a second) to be cancelled while the server reads. */
const SLOW_SQL = "SELECT n, pg_sleep(0.002) AS slow_marker FROM kit_stream_probe ORDER BY n";

/** Values of every kind the domains read, NULLs among them. */
const TYPED_SQL = `SELECT n,
    CAST(n AS BIGINT) * 1000000000000 AS big,
    CAST('9223372036854775807' AS BIGINT) AS beyond_double,
    CAST('2024-01-02 03:04:05.123456' AS TIMESTAMP(6)) + n * INTERVAL '1 second' AS at,
    CAST('2024-01-02 03:04:05' AS TIMESTAMP(6)) AS whole_second,
    CASE WHEN n % 2 = 0 THEN NULL ELSE CONCAT('v', n) END AS maybe,
    CAST(n AS DOUBLE PRECISION) / 8 AS eighth
  FROM kit_stream_probe WHERE n <= ? ORDER BY n`;

/** Connections of the storage's pool that are in use (neither idle nor gone). */
function connectionsInUse(storage: DomainStorage): number {
  return storage.poolStats().inUse;
}

test("postgres: rows keep their types: timestamps as text at microseconds, BIGINTs as numbers (text past a double), NULLs", async (t) => {
  const storage = await open("postgres", 3);
  const rows = await collect(streamRows(storage, TYPED_SQL, [2], NEVER));
  t.deepEqual(rows, [
    {
      n: 1,
      big: 1_000_000_000_000,
      beyond_double: "9223372036854775807",
      at: "2024-01-02 03:04:06.123456",
      whole_second: "2024-01-02 03:04:05",
      maybe: "v1",
      eighth: 0.125,
    },
    {
      n: 2,
      big: 2_000_000_000_000,
      beyond_double: "9223372036854775807",
      at: "2024-01-02 03:04:07.123456",
      whole_second: "2024-01-02 03:04:05",
      maybe: null,
      eighth: 0.25,
    },
  ]);
  const values = [];
  for await (const batch of streamRowValueBatches(storage, TYPED_SQL, [1], NEVER)) values.push(...batch);
  t.deepEqual(values, [
    [
      1,
      1_000_000_000_000,
      "9223372036854775807",
      "2024-01-02 03:04:06.123456",
      "2024-01-02 03:04:05",
      "v1",
      0.125,
    ],
  ]);
});

test("postgres: an abort cancels the statement on the server and gives the connection back", async (t) => {
  const storage = await open("postgres", 2000);
  const controller = new AbortController();
  const rows = streamRows(storage, SLOW_SQL, [], controller.signal)[Symbol.asyncIterator]();
  await rows.next();
  // The next page is being read on the server meanwhile.
  t.is(await runningQueries(storage, "slow_marker"), 1);
  controller.abort();
  t.is((await rejectionOf(rows.next()))?.name, "AbortError");
  t.is(await queriesLeftAfter(storage, "slow_marker", 5_000), 0);
  t.is(connectionsInUse(storage), 0);
});

test("postgres: stopping early ends the statement on the server, and the pool serves the next ones", async (t) => {
  const storage = await open("postgres", 2000);
  // More early stops than the pool's three connections: a leaked one would hang the last.
  for (let round = 0; round < 5; round++) {
    for await (const row of streamRows(storage, SLOW_SQL, [], NEVER)) {
      t.is(row.n, 1);
      break;
    }
  }
  t.is(await queriesLeftAfter(storage, "slow_marker", 5_000), 0);
  t.is(connectionsInUse(storage), 0);
  t.is((await collect(streamRows(storage, "SELECT n FROM kit_stream_probe", [], NEVER))).length, 2000);
});

test("postgres: a statement the server refuses fails as the storage's errors do, and frees its connection", async (t) => {
  const storage = await open("postgres", 10);
  const error = await rejectionOf(
    collect(streamRows(storage, "SELECT CAST(? AS INTEGER) AS n FROM kit_stream_probe", ["ten"], NEVER)),
  );
  t.true(error instanceof DomainError);
  t.is((error as DomainError).reason, "INVALID_VALUE");
  const missing = await rejectionOf(
    collect(streamRows(storage, "SELECT missing_column FROM kit_stream_probe", [], NEVER)),
  );
  t.regex(String((missing as { message?: string }).message), /missing_column/);
  t.is(connectionsInUse(storage), 0);
  t.is((await collect(streamRows(storage, "SELECT n FROM kit_stream_probe", [], NEVER))).length, 10);
});

test("postgres: cell batches (COPY) hold every cell's text, unescaped, NULLs apart, with quoted parameters", async (t) => {
  const storage = await open("postgres", 5000);
  const sql = `SELECT n, CASE WHEN n % 7 = 0 THEN NULL ELSE CONCAT('v', n) END AS maybe,
      CAST(n AS DOUBLE PRECISION) / 8 AS eighth,
      CAST('2024-01-02 03:04:05.5' AS TIMESTAMP(6)) + n * INTERVAL '1 second' AS at,
      REPEAT('é', n % 300) AS long_text, CONCAT('a', CHR(9), 'b', CHR(10), 'c\\', ?) AS escaped, '' AS empty
    FROM kit_stream_probe WHERE n > ? ORDER BY n`;
  const texts: (string | null)[][] = [];
  let batches = 0;
  for await (const batch of streamCellBatches(storage, sql, ["'N", 1000], NEVER)) {
    batches++;
    for (let row = 0; row < batch.rows; row++) {
      texts.push(Array.from({ length: batch.columns }, (_, column) => cellText(batch, row, column)));
    }
  }
  t.is(texts.length, 4000);
  t.true(batches > 1, `4000 rows in ${batches} batches`);
  const escaped = "a\tb\nc\\'N";
  t.deepEqual(texts[0], ["1001", null, "125.125", "2024-01-02 03:20:46.5", "é".repeat(101), escaped, ""]);
  t.deepEqual(texts[1], ["1002", "v1002", "125.25", "2024-01-02 03:20:47.5", "é".repeat(102), escaped, ""]);
  t.deepEqual(texts.at(-1), ["5000", "v5000", "625", "2024-01-02 04:27:25.5", "é".repeat(200), escaped, ""]);
});

test("postgres: leaving cell batches early cancels the COPY and frees its connection", async (t) => {
  const storage = await open("postgres", 2000);
  const sql = "SELECT n, pg_sleep(0.001) AS copy_marker FROM kit_stream_probe WHERE n > ? ORDER BY n";
  for (let round = 0; round < 5; round++) {
    for await (const _batch of streamCellBatches(storage, sql, [0], NEVER)) break;
  }
  t.is(await queriesLeftAfter(storage, "copy_marker", 5_000), 0);
  t.is(connectionsInUse(storage), 0);
});

test("postgres: a connection the server ends mid-stream fails the stream as unavailable, and the pool goes on", async (t) => {
  const storage = await open("postgres", 2000);
  const rows = streamRows(storage, SLOW_SQL, [], NEVER)[Symbol.asyncIterator]();
  await rows.next();
  await storage.read((manager) =>
    manager.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query LIKE '%slow_marker%' AND pid <> pg_backend_pid() AND datname = current_database()`,
    ),
  );
  let error: unknown;
  try {
    for (let next = await rows.next(); !next.done; next = await rows.next()) {}
  } catch (caught) {
    error = caught;
  }
  t.true(error instanceof DomainError, String(error));
  t.is((error as DomainError).reason, "DATABASE_UNAVAILABLE");
  t.is((await collect(streamRows(storage, "SELECT n FROM kit_stream_probe", [], NEVER))).length, 2000);
});
