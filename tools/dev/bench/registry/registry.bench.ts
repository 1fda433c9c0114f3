import { loadavg } from "node:os";
import mysql from "mysql2/promise";
import { HttpClient } from "../../fixtures/http-client.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { formatResults, type LoadResult, runLoad } from "../harness/load-runner.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import { processCpuSeconds, processTreeCpuSeconds } from "../harness/process-cpu.js";
import { startSplitDomain } from "../harness/split-processes.js";
import { floorCreateMedia, floorGetMedia, floorGetSequence } from "./registry-floor.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/**
 * Warm-up rounds (each a health call, the two reads through m3 and the two through the floor):
 * after 1,000, the split processes still ran their next 10,000 reads 20-25% slower than the
 * 10,000 after those (the JIT still at work, the heaps still growing); after 4,000 they do not.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4000);
const SEED = 1000;
/**
 * BENCH_SPLIT=true runs the gateway and the registry as two processes from the compiled build, as
 * the chart runs them (real gRPC between them; M3_GATEWAY_UNARY_CALLS=grpc-js for grpc-js' channel
 * in the gateway); else the all-in-one runs, whose gateway calls the
 * domains in process unless M3_IN_PROCESS_CALLS=false (gRPC on loopback, as before issue 17), with
 * M3_WORKERS workers (its CPU is that of the whole process tree).
 */
const SPLIT = process.env.BENCH_SPLIT === "true";
const TRANSPORT = SPLIT
  ? `split processes: gateway and registry, gRPC, unary calls ${process.env.M3_GATEWAY_UNARY_CALLS ?? "exchange"}`
  : `all-in-one, ${process.env.M3_IN_PROCESS_CALLS === "false" ? "gRPC on loopback" : "in-process calls"}, M3_WORKERS=${process.env.M3_WORKERS ?? "default"}`;

/** A load run with the CPU time the serving process and MariaDB spent on it, per request. */
interface MeasuredRun {
  result: LoadResult;
  serverCpuMillis: number;
  /** Split: the gateway's and the domain's own shares of serverCpuMillis. */
  processCpuMillis: number[];
  databaseCpuMillis: number;
}

const mariadb = await startBenchMariaDb();
const databaseUrl = await mariadb.createDatabase("m3_bench");
const platform = SPLIT
  ? await startSplitDomain("registry", { databaseUrl })
  : await startPlatformProcess({ databaseUrl });
/** The processes serving the requests: gateway and registry when split. */
const serverPids = "domainPid" in platform ? [platform.gatewayPid, platform.domainPid] : [platform.pid];
const port = platform.port;
const http = new HttpClient(`http://127.0.0.1:${port}`, BENCH_API_KEY);
const client = new KeepAliveClient("127.0.0.1", port, CONCURRENCY);
const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: CONCURRENCY, dateStrings: true });

/** Runs a load and measures the CPU of `serverPid` (the bench itself for the floor) and of MariaDB. */
async function measured(
  name: string,
  requests: number,
  server: readonly number[] | "self",
  operation: (index: number) => Promise<void>,
): Promise<MeasuredRun> {
  const processCpu = () =>
    server === "self"
      ? [process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6]
      : server.map((pid) => processTreeCpuSeconds(pid));
  const [server0, database0] = [processCpu(), processCpuSeconds(mariadb.pid)];
  const result = await runLoad(name, { requests, concurrency: CONCURRENCY }, operation);
  const perRequest = (seconds: number) => (seconds * 1000) / result.requests;
  const processCpuMillis = processCpu().map((seconds, index) => perRequest(seconds - (server0[index] ?? 0)));
  return {
    result,
    serverCpuMillis: processCpuMillis.reduce((sum, millis) => sum + millis, 0),
    processCpuMillis,
    databaseCpuMillis: perRequest(processCpuSeconds(mariadb.pid) - database0),
  };
}

/** The CPU table; split, m3's CPU is also shown as the gateway's and the registry's. */
function cpuTable(rows: readonly { run: MeasuredRun; floor?: MeasuredRun }[]): string {
  const lines = [
    `| scenario | req/s | m3 CPU ms/req${SPLIT ? " | gateway CPU ms/req | registry CPU ms/req" : ""} | MariaDB CPU ms/req | floor req/s | floor client CPU ms/req | floor MariaDB CPU ms/req |`,
    `|---|---|---|${SPLIT ? "---|---|" : ""}---|---|---|---|`,
  ];
  const ms = (value: number | undefined) => (value === undefined ? "-" : value.toFixed(3));
  for (const { run, floor } of rows) {
    const shares = SPLIT ? ` ${run.processCpuMillis.map(ms).join(" | ")} |` : "";
    lines.push(
      `| ${run.result.name} | ${run.result.requestsPerSecond.toFixed(0)} | ${ms(run.serverCpuMillis)} |${shares} ${ms(run.databaseCpuMillis)} | ${floor ? floor.result.requestsPerSecond.toFixed(0) : "-"} | ${ms(floor?.serverCpuMillis)} | ${ms(floor?.databaseCpuMillis)} |`,
    );
  }
  return lines.join("\n");
}

try {
  const mediaForm = (id: string) => ({
    video_sequence_name: `seq-${id}`,
    camera_id: "bench-cam",
    video_name: `video-${id}`,
    uri: `http://bench.example.org/${id}.mp4`,
    start_timestamp: "2024-01-01T00:00:00Z",
    duration_millis: 600000,
    container: "video/mp4",
    width: 1920,
    height: 1080,
  });
  const seeded: { reference: string; sequence: string }[] = [];
  for (let i = 0; i < SEED; i++) {
    const reply = await http.post("/vam/v1/media", { form: mediaForm(`seed-${i}`) });
    const media = reply.json as { video_reference_uuid: string; video_sequence_uuid: string };
    seeded.push({ reference: media.video_reference_uuid, sequence: media.video_sequence_uuid });
  }
  const pick = (index: number) => seeded[(index * 7919) % seeded.length] ?? { reference: "", sequence: "" };
  const writeHeaders = {
    authorization: `Bearer ${await http.token()}`,
    "content-type": "application/x-www-form-urlencoded",
  };
  const formBody = (id: string) =>
    new URLSearchParams(Object.entries(mediaForm(id)).map(([key, value]) => [key, String(value)])).toString();
  const expectOk = (status: number) => {
    if (status !== 200) throw new Error(`unexpected status ${status}`);
  };
  const get = (path: string) => async () => expectOk(await client.send("GET", path));
  // Warm both paths (JIT, connection pools, channel) before measuring.
  await runLoad("warm", { requests: WARMUP, concurrency: CONCURRENCY }, async (i) => {
    await get("/vam/v1/health")();
    await get(`/vam/v1/media/videoreference/${pick(i).reference}`)();
    await get(`/vam/v1/videosequences/${pick(i).sequence}`)();
    await floorGetMedia(pool, pick(i).reference);
    await floorGetSequence(pool, pick(i).sequence);
  });
  const loadBefore = loadavg();

  const media = await measured("GET /vam/v1/media/videoreference/{uuid}", REQUESTS, serverPids, (i) =>
    get(`/vam/v1/media/videoreference/${pick(i).reference}`)(),
  );
  const mediaFloor = await measured("mysql2 SELECT media", REQUESTS, "self", (i) =>
    floorGetMedia(pool, pick(i).reference),
  );
  const sequence = await measured("GET /vam/v1/videosequences/{uuid}", REQUESTS, serverPids, (i) =>
    get(`/vam/v1/videosequences/${pick(i).sequence}`)(),
  );
  const sequenceFloor = await measured("mysql2 SELECT sequence tree (one JOIN)", REQUESTS, "self", (i) =>
    floorGetSequence(pool, pick(i).sequence),
  );
  const health = await measured("GET /healthz", REQUESTS, serverPids, get("/healthz"));
  // The legacy health record: a call to the registry that reads no table.
  const domainHealth = await measured("GET /vam/v1/health", REQUESTS, serverPids, get("/vam/v1/health"));
  const post = await measured("POST /vam/v1/media (new media)", WRITES, serverPids, async (i) =>
    expectOk(await client.send("POST", "/vam/v1/media", writeHeaders, formBody(`new-${i}`))),
  );
  const postFloor = await measured("mysql2 create media", WRITES, "self", (i) =>
    floorCreateMedia(pool, String(i)),
  );
  const loadAfter = loadavg();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
  console.log(
    `\nregistry benchmark (${TRANSPORT}): MariaDB ${mariadb.port}, concurrency ${CONCURRENCY}, ${SEED} media seeded; ` +
      `load average before ${load(loadBefore)}, after ${load(loadAfter)}\n`,
  );
  console.log(
    formatResults([
      { result: media.result, floor: mediaFloor.result },
      { result: sequence.result, floor: sequenceFloor.result },
      { result: post.result, floor: postFloor.result },
    ]),
  );
  for (const { result } of [health, domainHealth]) {
    console.log(`\n${result.name}: ${result.requestsPerSecond.toFixed(0)} req/s`);
  }
  console.log("");
  console.log(
    cpuTable([
      { run: media, floor: mediaFloor },
      { run: sequence, floor: sequenceFloor },
      { run: health },
      { run: domainHealth },
      { run: post, floor: postFloor },
    ]),
  );
} finally {
  client.close();
  await pool.end();
  await platform.stop();
  await mariadb.stop();
}
