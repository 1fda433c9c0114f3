/**
 * `npm run bench:annotation-reads`: the annotation service's GET routes under load, on the
 * data set of issue 17 item 6: 100,000 generated annotations (tools/m3/datagen) over 50 videos
 * (BENCH_ANNOTATIONS, BENCH_VIDEOS) in a throwaway MariaDB. m3 runs as `npm start` runs it, in
 * its own process; each route is loaded at BENCH_CONCURRENCY (16) for BENCH_REQUESTS (400)
 * requests after a warm-up, and the table is printed slowest p50 first with the goal (p50
 * under 20 ms). Lists are read a page at a time (limit 100) as clients page them; the
 * whole-video reads are listed with their rows per second. Not a test: it asserts nothing
 * about speed.
 */
import { loadavg } from "node:os";
import mysql from "mysql2/promise";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { progress } from "../../../m3/cli/progress.js";
import { generateAnnotationData } from "../../../m3/datagen/datagen.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";
import { startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 100_000);
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const GOAL_P50_MILLIS = 20;
for (const [name, value] of Object.entries({ ANNOTATIONS, VIDEOS, CONCURRENCY, REQUESTS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

/** One loaded route; `rows` counts the items of a whole-video answer (listed with rows/s). */
interface Route {
  path: string;
  wholeVideo?: boolean;
}

/** Keys of one annotation with an association and an image, and the 1% concept. */
interface Sample {
  video: string;
  moment: string;
  observation: string;
  association: string;
  image: string;
  linkName: string;
  linkValue: string;
  concept: string;
}

async function sampleOf(pool: mysql.Pool, concept: string): Promise<Sample> {
  const [rows] = await pool.query(
    `SELECT im.video_reference_uuid AS video, im.uuid AS moment, o.uuid AS observation, a.uuid AS association,
            ir.uuid AS image, a.link_name AS linkName, a.link_value AS linkValue
       FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
       JOIN associations a ON a.observation_uuid = o.uuid
       JOIN image_references ir ON ir.imaged_moment_uuid = im.uuid
      WHERE a.link_value IS NOT NULL LIMIT 1`,
  );
  const sample = (rows as Omit<Sample, "concept">[])[0];
  if (!sample) throw new Error("the generated data has no annotation with an association and an image");
  return { ...sample, concept };
}

function routesOf(s: Sample): Route[] {
  const page = "limit=100";
  const c = encodeURIComponent(s.concept);
  return [
    { path: `/anno/v1/fast/concept/${c}?${page}` },
    { path: `/anno/v1/fast/concept/images/${c}?${page}` },
    { path: `/anno/v1/fast/videoreference/${s.video}?${page}` },
    {
      path: `/anno/v1/fast/details/${encodeURIComponent(s.linkName)}/${encodeURIComponent(s.linkValue)}?${page}`,
    },
    { path: `/anno/v1/fast/images/videoreference/${s.video}?${page}` },
    { path: `/anno/v1/fast/images/count/videoreference/${s.video}` },
    { path: `/anno/v1/fast/imagedmoments/concept/images/${c}?${page}` },
    { path: `/anno/v1/fast/toconcept/images/${c}?${page}` },
    { path: `/anno/v1/annotations/${s.observation}` },
    { path: `/anno/v1/annotations/association/${s.association}` },
    { path: `/anno/v1/annotations/imagereference/${s.image}` },
    { path: `/anno/v1/annotations/videoreference/${s.video}?${page}` },
    { path: `/anno/v1/annotations/videoreference/${s.video}`, wholeVideo: true },
    { path: `/anno/v1/imagedmoments/${s.moment}` },
    { path: `/anno/v1/imagedmoments/observation/${s.observation}` },
    { path: `/anno/v1/imagedmoments/imagereference/${s.image}` },
    { path: `/anno/v1/imagedmoments/concept/${c}?${page}` },
    { path: `/anno/v1/imagedmoments/videoreference/${s.video}`, wholeVideo: true },
    { path: `/anno/v1/observations/${s.observation}` },
    { path: `/anno/v1/observations/videoreference/${s.video}?${page}` },
    { path: `/anno/v1/observations/concept/count/${c}` },
    { path: `/anno/v1/associations/${s.association}` },
    { path: `/anno/v1/images/${s.image}` },
    { path: `/anno/v1/images/videoreference/${s.video}`, wholeVideo: true },
    { path: `/anno/v1/ancillarydata/videoreference/${s.video}`, wholeVideo: true },
    { path: `/anno/v1/index/videoreference/${s.video}?${page}` },
    { path: "/anno/v1/videoreferences" },
    { path: "/anno/v1/observations/concepts" },
  ];
}

const mariadb = await startBenchMariaDb("1G");
const databaseUrl = await mariadb.createDatabase("m3_bench_anno_reads");
const target = parseDatabaseUrl(databaseUrl);
if (target.kind !== "mysql") throw new Error("MariaDB expected");
const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: 1 });
let platform: Awaited<ReturnType<typeof startPlatformProcess>> | undefined;
let client: KeepAliveClient | undefined;

try {
  process.stderr.write(`generating ${ANNOTATIONS} annotations over ${VIDEOS} videos\n`);
  const bar = progress("annotations");
  const data = await generateAnnotationData({
    annotationTarget: target,
    annotations: ANNOTATIONS,
    annotationsPerVideo: Math.ceil(ANNOTATIONS / VIDEOS),
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.stop();
  const sample = await sampleOf(pool, data.target.name);
  platform = await startPlatformProcess({ databaseUrl });
  client = new KeepAliveClient("127.0.0.1", platform.port, CONCURRENCY);
  const results: { route: Route; answer: number; result: LoadResult }[] = [];
  for (const route of routesOf(sample)) {
    const reply = await fetch(`http://127.0.0.1:${platform.port}${route.path}`);
    const text = await reply.text();
    if (reply.status !== 200) throw new Error(`GET ${route.path}: ${reply.status} ${text.slice(0, 300)}`);
    const json = JSON.parse(text) as unknown;
    const answer = Array.isArray(json) ? json.length : 1;
    const send = async () => {
      const status = await client?.send("GET", route.path);
      if (status !== 200) throw new Error(`GET ${route.path}: ${status}`);
    };
    const requests = route.wholeVideo ? Math.ceil(REQUESTS / 10) : REQUESTS;
    await runLoad("warm", { requests: Math.ceil(requests / 4), concurrency: CONCURRENCY }, send);
    results.push({
      route,
      answer,
      result: await runLoad(route.path, { requests, concurrency: CONCURRENCY }, send),
    });
  }
  const [one, five] = loadavg();
  console.log(
    `\nannotation reads: MariaDB ${mariadb.port}; ${ANNOTATIONS} annotations over ${VIDEOS} videos (${JSON.stringify(data.rows)}); all-in-one m3; ${CONCURRENCY} concurrent requests; load average ${one?.toFixed(2)} ${five?.toFixed(2)} at the end\n`,
  );
  console.log(
    `| route | items | requests | req/s | p50 ms | p99 ms | items/s | p50 < ${GOAL_P50_MILLIS} ms |\n|---|---|---|---|---|---|---|---|`,
  );
  results.sort((a, b) => b.result.p50Millis - a.result.p50Millis);
  for (const { route, answer, result } of results) {
    const verdict = route.wholeVideo
      ? "whole video: items/s"
      : result.p50Millis < GOAL_P50_MILLIS
        ? "yes"
        : "no";
    console.log(
      `| ${route.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{uuid}")} | ${answer} | ${result.requests} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Millis.toFixed(1)} | ${result.p99Millis.toFixed(1)} | ${Math.round(answer * result.requestsPerSecond)} | ${verdict} |`,
    );
  }
} finally {
  client?.close();
  await pool.end();
  await platform?.stop();
  await mariadb.stop();
}
