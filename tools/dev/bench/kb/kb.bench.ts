/**
 * `npm run bench:kb`: the kb's reads on the real 4,092-concept tree (tools/m3/kb-import, imported
 * as `npm start -- --import-kb` does) through the all-in-one, on SQLite, MariaDB and PostgreSQL: a
 * concept by a deep leaf's name and by an alternate name with spaces, a search, the phylogeny
 * up from the deep leaf and down from `object`, each at concurrency 1 and 16; then the first
 * read after each of a series of writes. Issue 17's goal: concept/{name} and concept/find/{part}
 * ≥ 3,000 req/s at concurrency 16 on every engine. BENCH_ENGINES=sqlite, mariadb or postgres runs one;
 * BENCH_REQUESTS (5,000), BENCH_HEAVY_REQUESTS (500, the phylogeny down), BENCH_WRITES (50),
 * BENCH_CONCURRENCY (16) and BENCH_FIND_TERM (sebastes) size it.
 */
import { DEFAULT_KB_DUMP, readKbDump } from "../../../m3/kb-import/kb-import.js";
import { loadAverage } from "../harness/machine.js";
import { type KbEngineRun, type KbRoute, measureKbEngine } from "./kb-engine.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const HEAVY_REQUESTS = Number(process.env.BENCH_HEAVY_REQUESTS ?? 500);
const WRITES = Number(process.env.BENCH_WRITES ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FIND_TERM = process.env.BENCH_FIND_TERM ?? "sebastes";
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,mariadb,postgres").split(",");
const GOAL_REQUESTS_PER_SECOND = 3000;

const dump = await readKbDump(process.env.BENCH_KB_DUMP ?? DEFAULT_KB_DUMP);
const deepest = dump.concepts.reduce((a, b) => (b.depth > a.depth ? b : a));
const deepLeaf = (deepest.names.find((n) => n.nameType.toLowerCase() === "primary") ?? deepest.names[0])
  ?.name;
if (!deepLeaf) throw new Error("the dump's deepest concept has no name");
// The first alternate (synonym, common) name with a space: a look-up through a name that is not primary.
const alternate = dump.concepts
  .flatMap((concept) => concept.names)
  .find((n) => n.nameType.toLowerCase() !== "primary" && n.name.includes(" "))?.name;
if (!alternate) throw new Error("the dump has no alternate name with a space");

const conceptPaths = [
  `/concept/${encodeURIComponent(deepLeaf)}`,
  `/concept/${encodeURIComponent(alternate)}`,
];
const findPath = `/concept/find/${encodeURIComponent(FIND_TERM)}`;
const routes: KbRoute[] = [
  ...conceptPaths.map((path) => ({ path, requests: REQUESTS })),
  { path: findPath, requests: REQUESTS },
  { path: `/phylogeny/up/${encodeURIComponent(deepLeaf)}`, requests: REQUESTS },
  { path: "/phylogeny/down/object", requests: HEAVY_REQUESTS },
];
const goalPaths = new Set(
  [...conceptPaths, findPath].map((path) => `GET /kb/v1${path} (concurrency ${CONCURRENCY})`),
);

const loadBefore = loadAverage();
const runs: KbEngineRun[] = [];
for (const engine of ENGINES) {
  runs.push(
    await measureKbEngine({ engine, routes, concurrency: CONCURRENCY, writes: WRITES, writeName: deepLeaf }),
  );
}

console.log(
  `\nkb benchmark: ${dump.counts.concepts} concepts, ${dump.counts.names} names; concurrency 1 and ${CONCURRENCY}; ` +
    `load average before ${loadBefore}, after ${loadAverage()}`,
);
console.log(
  `deep leaf: ${deepLeaf} (depth ${deepest.depth}); alternate name: ${alternate}; find term: ${FIND_TERM}; ` +
    `goal: ≥ ${GOAL_REQUESTS_PER_SECOND} req/s at concurrency ${CONCURRENCY} for concept/{name} and concept/find/{part}\n`,
);
console.log(
  "| engine | scenario | requests | p50 ms | p99 ms | req/s | goal |\n|---|---|---|---|---|---|---|",
);
for (const { engine, results, afterWrite } of runs) {
  for (const r of results) {
    const goal = goalPaths.has(r.name)
      ? r.requestsPerSecond >= GOAL_REQUESTS_PER_SECOND
        ? "met"
        : "**missed**"
      : "";
    console.log(
      `| ${engine} | ${r.name} | ${r.requests} | ${r.p50Millis.toFixed(2)} | ${r.p99Millis.toFixed(2)} | ` +
        `${r.requestsPerSecond.toFixed(0)} | ${goal} |`,
    );
  }
  const at = (p: number) =>
    afterWrite[Math.min(afterWrite.length - 1, Math.floor((p / 100) * afterWrite.length))] ?? 0;
  console.log(
    `| ${engine} | first GET /kb/v1/phylogeny/up/${encodeURIComponent(deepLeaf)} after a write (cache reload included) | ` +
      `${afterWrite.length} | ${at(50).toFixed(2)} | ${at(99).toFixed(2)} | - | |`,
  );
}
