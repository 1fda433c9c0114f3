/**
 * `npm run bench:annotation`: a bulk import of annotations (each its own imaged moment with
 * timecode, elapsed time and recorded timestamp, and one association) through
 * POST /anno/v1/annotations/bulk, against the same rows inserted directly with mysql2
 * multi-row INSERTs into a second database on the same throwaway MariaDB (the floor); then
 * GET /anno/v1/annotations/videoreference/{uuid} of one imported video against its floor: a
 * node:http server in its own process running the same SELECTs with mysql2 and building the
 * same JSON (annotation-floor-server.ts; its reply must equal m3's byte for byte), and, for
 * reference, the bare SELECTs from this process. m3 runs as `npm start` runs it, in its own
 * process; this process is the client of all. Prints rows/s, batch and read latencies, and the
 * ratios to the floor. Not a test: it asserts nothing about speed.
 */
import { randomUUID } from "node:crypto";
import mysql, { type Pool } from "mysql2/promise";
import { HttpClient } from "../../fixtures/http-client.js";
import { startNodeScript, stopChild } from "../../fixtures/node-process.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { formatResults, type LoadResult, runLoad } from "../harness/load-runner.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import {
  type BenchAnnotation,
  benchAnnotation,
  copyAnnotationSchema,
  floorInsertBatch,
  floorReadVideo,
} from "./annotation-floor.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 10);
const READS = Number(process.env.BENCH_READS ?? 20);
const WARM_BATCHES = 2;
for (const [name, value] of Object.entries({ ANNOTATIONS, BATCH, VIDEOS, READS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

/** Annotations of video v are consecutive, so a batch holds one stretch of one dive, as an import sends it. */
const perVideo = Math.ceil(ANNOTATIONS / VIDEOS);
const videos = Array.from({ length: VIDEOS }, () => randomUUID());
const annotationAt = (i: number): BenchAnnotation =>
  benchAnnotation(videos[Math.floor(i / perVideo)] as string, Math.floor(i / perVideo), i % perVideo);
const batchCount = Math.ceil(ANNOTATIONS / BATCH);
const batchAt = (b: number): BenchAnnotation[] =>
  Array.from({ length: Math.min(BATCH, ANNOTATIONS - b * BATCH) }, (_, k) => annotationAt(b * BATCH + k));
/** Warm-up rows go to a video of their own, outside the measured ones. */
const warmVideo = randomUUID();
const warmBatch = (b: number): BenchAnnotation[] =>
  Array.from({ length: BATCH }, (_, k) => benchAnnotation(warmVideo, VIDEOS, b * BATCH + k));
const readVideo = videos[0] as string;
const readCount = Math.min(perVideo, ANNOTATIONS);

const mariadb = await startBenchMariaDb();
const databaseUrl = await mariadb.createDatabase("m3_bench_anno");
const floorUrl = await mariadb.createDatabase("m3_bench_anno_floor");
const platform = await startPlatformProcess({ databaseUrl });
// The read floor reads m3's own database: the same rows, so the same JSON to the byte.
const floorServer = await startNodeScript(
  "tools/dev/bench/annotation/annotation-floor-server.ts",
  { ...process.env, FLOOR_DATABASE_URL: databaseUrl },
  "floor listening on",
);
const floorPort = Number(floorServer.readyLine.split(" ").at(-1));
const port = platform.port;
const http = new HttpClient(`http://127.0.0.1:${port}`, BENCH_API_KEY, "/anno/v1/auth");
const client = new KeepAliveClient("127.0.0.1", port, 1);
const floorClient = new KeepAliveClient("127.0.0.1", floorPort, 1);
const pools: Pool[] = [];
const poolOf = (uri: string) => {
  const pool = mysql.createPool({ uri, connectionLimit: 2, dateStrings: true });
  pools.push(pool);
  return pool;
};

try {
  const platformPool = poolOf(databaseUrl);
  const floor = poolOf(floorUrl);
  await copyAnnotationSchema(platformPool, floor);
  const writeHeaders = {
    authorization: `Bearer ${await http.token()}`,
    "content-type": "application/json",
  };
  const expectOk = (status: number) => {
    if (status !== 200) throw new Error(`unexpected status ${status}`);
  };

  // Warm both paths (JIT, pools, channel) on a video of their own; errors show the body here.
  for (let b = 0; b < WARM_BATCHES; b++) {
    const reply = await http.post("/anno/v1/annotations/bulk", { json: warmBatch(b) });
    if (reply.status !== 200) throw new Error(`warm-up bulk create: ${reply.status} ${reply.text}`);
    await floorInsertBatch(floor, warmBatch(b));
  }

  const bulk = (name: string, send: (batch: BenchAnnotation[]) => Promise<void>) =>
    runLoad(name, { requests: batchCount, concurrency: 1 }, (b) => send(batchAt(b)));
  const created = await bulk(`POST /anno/v1/annotations/bulk (${BATCH} per request)`, async (batch) =>
    expectOk(await client.send("POST", "/anno/v1/annotations/bulk", writeHeaders, JSON.stringify(batch))),
  );
  const inserted = await bulk(`mysql2 multi-row INSERTs (${BATCH} per transaction)`, (batch) =>
    floorInsertBatch(floor, batch),
  );
  const rowCounts = async (pool: Pool) => {
    const [rows] = await pool.query(
      `SELECT (SELECT COUNT(*) FROM imaged_moments) AS moments, (SELECT COUNT(*) FROM observations) AS observations,
              (SELECT COUNT(*) FROM associations) AS associations`,
    );
    return (rows as Record<string, number>[])[0];
  };
  const expected = ANNOTATIONS + WARM_BATCHES * BATCH;
  for (const [name, counts] of [
    ["gateway", await rowCounts(platformPool)],
    ["floor", await rowCounts(floor)],
  ] as const) {
    if (Object.values(counts ?? {}).some((count) => Number(count) !== expected)) {
      throw new Error(`${name} database holds ${JSON.stringify(counts)}, expected ${expected} of each`);
    }
  }

  // The read: check the answer once, warm, then measure one request at a time.
  const readPath = `/anno/v1/annotations/videoreference/${readVideo}`;
  const first = await http.get(readPath);
  const listed = (first.json as unknown[] | undefined)?.length;
  if (first.status !== 200 || listed !== readCount) {
    throw new Error(`GET ${readPath}: ${first.status}, ${listed} annotations for ${readCount}`);
  }
  const floorPath = `/videoreference/${readVideo}`;
  const floorText = (await new HttpClient(`http://127.0.0.1:${floorPort}`, BENCH_API_KEY).get(floorPath))
    .text;
  if (floorText !== first.text) {
    throw new Error(
      `the floor's JSON differs from m3's: ${floorText.slice(0, 300)} / ${first.text.slice(0, 300)}`,
    );
  }
  await floorReadVideo(platformPool, readVideo, readCount);
  const readName = `GET ${readPath.replace(readVideo, "{uuid}")} (${readCount} annotations)`;
  const m3Read = await runLoad(readName, { requests: READS, concurrency: 1 }, async () =>
    expectOk(await client.send("GET", readPath)),
  );
  const httpFloorRead = await runLoad(
    "node:http + mysql2 + JSON",
    { requests: READS, concurrency: 1 },
    async () => expectOk(await floorClient.send("GET", floorPath)),
  );
  const selectFloorRead = await runLoad("mysql2 SELECTs only", { requests: READS, concurrency: 1 }, () =>
    floorReadVideo(platformPool, readVideo, readCount),
  );

  const rowsPerSecond = (result: LoadResult) => ANNOTATIONS / result.seconds;
  console.log(
    `\nannotation benchmark: MariaDB ${mariadb.port}; ${ANNOTATIONS} annotations (one imaged moment and one association each) over ${VIDEOS} videos, batches of ${BATCH}, one batch at a time\n`,
  );
  console.log(
    "| scenario | annotations | seconds | annotations/s | batch p50 ms | batch p99 ms |\n|---|---|---|---|---|---|",
  );
  for (const result of [created, inserted]) {
    console.log(
      `| ${result.name} | ${ANNOTATIONS} | ${result.seconds.toFixed(1)} | ${rowsPerSecond(result).toFixed(0)} | ${result.p50Millis.toFixed(1)} | ${result.p99Millis.toFixed(1)} |`,
    );
  }
  const ratio = rowsPerSecond(created) / rowsPerSecond(inserted);
  console.log(
    `\nbulk create vs floor: ${ratio.toFixed(2)}x of the floor's annotations/s (goal: at least 0.50x)\n`,
  );
  console.log(
    "The read's floor: node:http + mysql2 running the same SELECTs and building the same JSON, in its own process:\n",
  );
  console.log(formatResults([{ result: m3Read, floor: httpFloorRead }]));
  console.log("\nFor reference, against the bare SELECTs (rows only, no JSON, no HTTP) from this process:\n");
  console.log(formatResults([{ result: m3Read, floor: selectFloorRead }]));
} finally {
  client.close();
  floorClient.close();
  await stopChild(floorServer.child);
  for (const pool of pools) await pool.end();
  await platform.stop();
  await mariadb.stop();
}
