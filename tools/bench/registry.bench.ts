import mysql from "mysql2/promise";
import { HttpClient } from "../../test/support/e2e/http-client.js";
import { KeepAliveClient } from "./keep-alive-client.js";
import { formatResults, runLoad } from "./load-runner.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "./platform-process.js";
import { floorCreateMedia, floorGetMedia } from "./registry-floor.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SEED = 1000;

const mariadb = await startBenchMariaDb();
const databaseUrl = await mariadb.createDatabase("m3_bench");
const platform = await startPlatformProcess({ databaseUrl });
const port = platform.port;
const http = new HttpClient(`http://127.0.0.1:${port}`, BENCH_API_KEY);
const client = new KeepAliveClient("127.0.0.1", port, CONCURRENCY);
const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: CONCURRENCY, dateStrings: true });

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
  const seeded: string[] = [];
  for (let i = 0; i < SEED; i++) {
    const reply = await http.post("/vam/v1/media", { form: mediaForm(`seed-${i}`) });
    seeded.push((reply.json as { video_reference_uuid: string }).video_reference_uuid);
  }
  const pick = (index: number) => seeded[(index * 7919) % seeded.length] ?? "";
  const writeHeaders = {
    authorization: `Bearer ${await http.token()}`,
    "content-type": "application/x-www-form-urlencoded",
  };
  const formBody = (id: string) =>
    new URLSearchParams(Object.entries(mediaForm(id)).map(([key, value]) => [key, String(value)])).toString();
  const expectOk = (status: number) => {
    if (status !== 200) throw new Error(`unexpected status ${status}`);
  };
  // Warm both paths (JIT, connection pools, channel) before measuring.
  await runLoad("warm", { requests: 500, concurrency: CONCURRENCY }, async (i) => {
    expectOk(await client.send("GET", `/vam/v1/media/videoreference/${pick(i)}`));
    await floorGetMedia(pool, pick(i));
  });

  const getThroughGateway = await runLoad(
    "GET /vam/v1/media/videoreference/{uuid}",
    { requests: REQUESTS, concurrency: CONCURRENCY },
    async (i) => expectOk(await client.send("GET", `/vam/v1/media/videoreference/${pick(i)}`)),
  );
  const getFloor = await runLoad(
    "mysql2 SELECT media",
    { requests: REQUESTS, concurrency: CONCURRENCY },
    (i) => floorGetMedia(pool, pick(i)),
  );
  const postThroughGateway = await runLoad(
    "POST /vam/v1/media (new media)",
    { requests: WRITES, concurrency: CONCURRENCY },
    async (i) => expectOk(await client.send("POST", "/vam/v1/media", writeHeaders, formBody(`new-${i}`))),
  );
  const postFloor = await runLoad(
    "mysql2 create media",
    { requests: WRITES, concurrency: CONCURRENCY },
    (i) => floorCreateMedia(pool, String(i)),
  );
  console.log(
    `\nregistry benchmark: MariaDB ${mariadb.port}, concurrency ${CONCURRENCY}, ${SEED} media seeded\n`,
  );
  console.log(
    formatResults([
      { result: getThroughGateway, floor: getFloor },
      { result: postThroughGateway, floor: postFloor },
    ]),
  );
} finally {
  client.close();
  await pool.end();
  await platform.stop();
  await mariadb.stop();
}
