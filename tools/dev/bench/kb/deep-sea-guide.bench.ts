/**
 * `npm run bench:deep-sea-guide`: the Deep-Sea Guide's representative images on the real kb
 * (imported on start, as `npm start -- --import-kb` does) through the all-in-one, on SQLite,
 * MariaDB and PostgreSQL. Three picks: a concept with images of its own, the borrower with the
 * largest subtree below `object` (no images of its own) and `object` itself, at concurrency 1
 * and BENCH_CONCURRENCY. The floor is `GET /kb/v1/concept/{name}` of the concept with its own
 * images: one kb read that answers that concept's media, the least a representative pick costs.
 * Beside them, what the guide does without the route (its `representativeImagesFor`, here
 * without its coin flips): the borrower's `/concept/{name}` and `/phylogeny/taxa/{name}`, then
 * `/concept/{descendant}` in the taxa's order until 12 images, one request after another.
 * Answers are kept until the kb's next write, so the loads measure kept answers; the first ask
 * after each of BENCH_WRITES writes (a name added) measures a pick made afresh.
 * BENCH_ENGINES, BENCH_REQUESTS (2,000), BENCH_CONCURRENCY (16), BENCH_FALLBACK_RUNS (20) and
 * BENCH_WRITES (20) size it.
 */
import { printableUrl, resolveMimeType } from "../../../../services/kb/attachments/services/media.rules.js";
import type { DumpConcept } from "../../../m3/kb-import/kb-dump.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../m3/kb-import/kb-import.js";
import { basicAuth } from "../../fixtures/http-client.js";
import { startBenchPostgres } from "../harness/bench-postgres.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";
import { loadAverage } from "../harness/machine.js";
import { startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FALLBACK_RUNS = Number(process.env.BENCH_FALLBACK_RUNS ?? 20);
const WRITES = Number(process.env.BENCH_WRITES ?? 20);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,mariadb,postgres").split(",");
const IMAGES = 12;
const ADMIN = { username: "benchadmin", password: "bench-admin-password" };
for (const [name, value] of Object.entries({ REQUESTS, CONCURRENCY, FALLBACK_RUNS, WRITES })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

const dump = await readKbDump(DEFAULT_KB_DUMP);
const primaryOf = (concept: DumpConcept) =>
  (concept.names.find((n) => n.nameType.toLowerCase() === "primary") ?? concept.names[0])?.name ?? "";
const imageCount = (concept: DumpConcept) =>
  concept.media.filter((media) => resolveMimeType(media.mediaType, media.url).startsWith("image/")).length;
const subtreeSizes = new Map<number, number>();
for (const concept of [...dump.concepts].reverse()) {
  const size = (subtreeSizes.get(concept.index) ?? 0) + 1;
  subtreeSizes.set(concept.index, size);
  if (concept.parentIndex !== undefined)
    subtreeSizes.set(concept.parentIndex, (subtreeSizes.get(concept.parentIndex) ?? 0) + size);
}
const own = dump.concepts.find((concept) => imageCount(concept) >= 3 && primaryOf(concept).includes(" "));
const borrower = dump.concepts
  .filter(
    (concept) => concept.parentIndex !== undefined && primaryOf(concept) !== "" && imageCount(concept) === 0,
  )
  .reduce((a, b) => ((subtreeSizes.get(b.index) ?? 0) > (subtreeSizes.get(a.index) ?? 0) ? b : a));
if (!own) throw new Error("the kb dump has no concept with three images and a space in its name");
const ownName = primaryOf(own);
const picks = [
  { what: "own images", name: ownName },
  { what: `borrowed, ${subtreeSizes.get(borrower.index)} concepts below`, name: primaryOf(borrower) },
  { what: `borrowed, all ${dump.counts.concepts} concepts below`, name: "object" },
];
const routeOf = (name: string) =>
  `/kb/v1/dsg/images/representative/${encodeURIComponent(name)}?limit=${IMAGES}`;

interface Row {
  engine: string;
  scenario: string;
  result: LoadResult;
}

async function measure(engine: string): Promise<Row[]> {
  const server =
    engine === "mariadb"
      ? await startBenchMariaDb()
      : engine === "postgres"
        ? await startBenchPostgres()
        : undefined;
  try {
    const url = await server?.createDatabase("m3_bench_dsg");
    const platform = await startPlatformProcess({
      databaseUrl: engine === "mariadb" ? url : undefined,
      env: {
        M3_KB_IMPORT: "true",
        M3_ADMIN_USER: ADMIN.username,
        M3_ADMIN_PASSWORD: ADMIN.password,
        ...(engine === "postgres" && url ? { M3_KB_DATABASE_URL: url } : {}),
      },
    });
    const client = new KeepAliveClient("127.0.0.1", platform.port, CONCURRENCY);
    try {
      const get = async (path: string) => {
        const status = await client.send("GET", path);
        if (status !== 200) throw new Error(`${path}: ${status}`);
      };
      const floorPath = `/kb/v1/concept/${encodeURIComponent(ownName)}`;
      const paths = [floorPath, ...picks.map((pick) => routeOf(pick.name))];
      await runLoad("warm", { requests: 200 * paths.length, concurrency: CONCURRENCY }, (i) =>
        get(paths[i % paths.length] ?? floorPath),
      );
      const rows: Row[] = [];
      for (const level of [1, CONCURRENCY]) {
        const requests = level === 1 ? Math.ceil(REQUESTS / 5) : REQUESTS;
        const load = (name: string, path: string) =>
          runLoad(name, { requests, concurrency: level }, () => get(path));
        rows.push({
          engine,
          scenario: `floor: one concept with its media (concurrency ${level})`,
          result: await load("floor", floorPath),
        });
        for (const pick of picks) {
          rows.push({
            engine,
            scenario: `${pick.what} (concurrency ${level})`,
            result: await load(pick.what, routeOf(pick.name)),
          });
        }
      }
      const base = `http://127.0.0.1:${platform.port}`;
      for (const pick of picks.slice(1)) {
        rows.push({
          engine,
          scenario: `${pick.what}, first ask after a kb write (answers not yet kept)`,
          result: await firstAsksAfterWrites(client, base, routeOf(pick.name)),
        });
      }
      let requestsPerPick = 0;
      const fallback = await runLoad("fallback", { requests: FALLBACK_RUNS, concurrency: 1 }, async () => {
        requestsPerPick = await guideFallback(base, primaryOf(borrower));
      });
      rows.push({
        engine,
        scenario: `the guide without the route, borrowed pick: ${requestsPerPick} requests one after another`,
        result: fallback,
      });
      return rows;
    } finally {
      client.close();
      await platform.stop();
    }
  } finally {
    await server?.stop();
  }
}

/** Each write adds a name to the concept with images (bumping the kb's version); the next ask picks afresh. */
async function firstAsksAfterWrites(
  client: KeepAliveClient,
  base: string,
  path: string,
): Promise<LoadResult> {
  const login = await fetch(`${base}/kb/v1/auth/login`, {
    method: "POST",
    headers: { authorization: basicAuth(ADMIN.username, ADMIN.password) },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const tag = Math.random().toString(36).slice(2, 8);
  const timings: number[] = [];
  const started = performance.now();
  for (let i = 0; i < WRITES; i++) {
    const body = JSON.stringify({ name: ownName, newName: `bench-dsg-${tag}-${i}`, nameType: "synonym" });
    const status = await client.send("POST", "/kb/v1/names", headers, body);
    if (status !== 200) throw new Error(`POST /kb/v1/names: ${status}`);
    const begin = performance.now();
    const asked = await client.send("GET", path);
    if (asked !== 200) throw new Error(`${path}: ${asked}`);
    timings.push(performance.now() - begin);
  }
  timings.sort((a, b) => a - b);
  const at = (p: number) =>
    timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))] ?? 0;
  const seconds = (performance.now() - started) / 1000;
  return {
    name: path,
    requests: WRITES,
    seconds,
    p50Millis: at(50),
    p99Millis: at(99),
    requestsPerSecond: Number.NaN,
  };
}

/** The guide's representativeImagesFor without its random skips; returns the requests it made. */
async function guideFallback(base: string, name: string): Promise<number> {
  const json = async (path: string) => {
    const reply = await fetch(`${base}/kb/v1${path}`);
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
    return reply.json();
  };
  let requests = 2;
  const concept = (await json(`/concept/${encodeURIComponent(name)}`)) as { media: { mimeType: string }[] };
  if (concept.media.some((media) => media.mimeType.startsWith("image/"))) return 1;
  const taxa = (await json(`/phylogeny/taxa/${encodeURIComponent(name)}`)) as { name: string }[];
  const urls = new Set<string>();
  for (const taxon of taxa) {
    // The real kb has one concept without a name; `/concept/` would be the list of names.
    if (taxon.name === name || taxon.name === "" || urls.size >= IMAGES) continue;
    requests++;
    const found = (await json(`/concept/${encodeURIComponent(taxon.name)}`)) as {
      media: { url: string; mimeType: string }[];
    };
    for (const media of found.media)
      if (media.mimeType.startsWith("image/")) urls.add(printableUrl(media.url));
  }
  return requests;
}

const loadBefore = loadAverage();
const rows: Row[] = [];
for (const engine of ENGINES) rows.push(...(await measure(engine)));
console.log(
  `\nDeep-Sea Guide representative images (limit ${IMAGES}) on the real kb (${dump.counts.concepts} concepts, ` +
    `${dump.counts.media} media); picks: ${picks.map((pick) => `${pick.name} (${pick.what})`).join("; ")}; ` +
    `load average before ${loadBefore}, after ${loadAverage()}\n`,
);
console.log("| engine | scenario | requests | p50 ms | p99 ms | req/s |\n|---|---|---|---|---|---|");
for (const { engine, scenario, result } of rows) {
  console.log(
    `| ${engine} | ${scenario} | ${result.requests} | ${result.p50Millis.toFixed(2)} | ${result.p99Millis.toFixed(2)} | ${Number.isNaN(result.requestsPerSecond) ? "-" : result.requestsPerSecond.toFixed(0)} |`,
  );
}
