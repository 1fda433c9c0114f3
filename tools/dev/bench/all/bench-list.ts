/**
 * The benchmarks `npm run bench:all` runs, in order, each an npm script of its own that
 * measures m3 beside its floor (the same work done by the bare driver or tool) and prints
 * markdown. `quick` is the environment that shortens a long benchmark for `--quick` runs.
 */
export interface BenchEntry {
  script: string;
  /** What it measures, for the section heading of RESULTS.md. */
  about: string;
  quick?: Record<string, string>;
  /** The environment of every run of this entry: a mode of its benchmark (e.g. split processes). */
  env?: Record<string, string>;
}

/** The command an entry runs, as a reader would type it: its environment, then the npm script. */
export function commandOf(entry: BenchEntry): string {
  const env = Object.entries(entry.env ?? {}).map(([name, value]) => `${name}=${value} `);
  return `${env.join("")}npm run ${entry.script}`;
}

export const BENCHES: readonly BenchEntry[] = [
  { script: "bench:startup", about: "`npm start` until ready, warm and cold" },
  {
    script: "bench:registry",
    about: "registry reads and writes through the gateway vs. node:http + mysql2 running the same SQL",
  },
  {
    script: "bench:registry",
    env: { BENCH_SPLIT: "true" },
    about:
      "the same registry reads and writes with the gateway and the registry as separate processes, real gRPC between them, as the chart runs them",
  },
  {
    script: "bench:media-floor",
    about: "issue 17's headline read on both engines vs. node:http + the bare driver (its own process)",
  },
  {
    script: "bench:routes",
    about: "every GET route under load on the real kb, 1,000 media and 100,000 annotations, slowest first",
  },
  {
    script: "bench:routes",
    env: { BENCH_ENGINE: "mariadb" },
    about: "every GET route as above, on MariaDB (the engine of a deployment, on the same two cores here)",
  },
  { script: "bench:kb", about: "kb lookups, search and phylogeny on the real 4,092-concept tree" },
  {
    script: "bench:deep-sea-guide",
    about:
      "the Deep-Sea Guide's representative images on the real kb vs. one concept read and the guide's own fallback",
  },
  {
    script: "bench:annotation",
    about: "bulk creates of annotations and one video's annotations vs. mysql2",
    quick: { BENCH_ANNOTATIONS: "20000" },
  },
  {
    script: "bench:annotation-reads",
    about: "every annotation GET route at concurrency 16 on 100,000 annotations over 50 videos",
  },
  {
    script: "bench:annotation-queries",
    about: "fast queries, histograms and the TSV download over generated annotations vs. mysql2",
    quick: { BENCH_ANNOTATIONS: "100000" },
  },
  {
    script: "bench:datasets",
    about:
      "a dive of 50,000 annotations through /references (charybdis's datasets) vs. better-sqlite3 + JSON.stringify",
    quick: { BENCH_ANNOTATIONS: "10000" },
  },
  {
    script: "bench:export",
    about:
      "m3 export coco of 10,000 boxes (without and with their images) vs. better-sqlite3 + JSON.stringify and bare fetch",
    quick: { BENCH_BOXES: "2000" },
  },
  {
    script: "bench:postgres-read-paths",
    about:
      "the ways to read the TSV download's rows from PostgreSQL (portal, COPY) vs. psql's COPY and bare pg",
    quick: { BENCH_VIEW_ROWS: "120000" },
  },
  {
    script: "bench:annotation-downloads-postgres",
    about: "the TSV download on PostgreSQL over generated annotations vs. psql's COPY of the same SELECT",
    quick: { BENCH_ANNOTATIONS: "100000" },
  },
  { script: "bench:capture", about: "frame grabs, cached and new, vs. bare ffmpeg" },
  { script: "bench:crop", about: "skimmer crops of a 1920x1080 JPEG, cached and new, vs. sharp alone" },
  { script: "bench:upload", about: "image uploads to S3 and to disk" },
  {
    script: "bench:events",
    about: "annotation writes with 10 SSE subscribers (one stalled) vs. none, and commit to SSE delivery",
    quick: { BENCH_EVENTS_SECONDS: "5" },
  },
  {
    script: "bench:backup",
    about: "backup and restore across engines",
    quick: { BENCH_ANNOTATIONS: "100000" },
  },
  {
    script: "bench:import",
    about:
      "`m3 import legacy` of a generated legacy M3 site into each engine vs. the bare drivers copying the same rows",
    quick: { BENCH_ANNOTATIONS: "100000" },
  },
  {
    script: "bench:console",
    about: "the web console in Chromium: first load, the concept tree, searches with their plots",
  },
  {
    script: "bench:watch",
    about:
      "the console's Watch screen in Chromium: navigation to the demo clip's first frame vs. the clip alone",
  },
  {
    script: "bench:review",
    about:
      "the console's review grid in Chromium: navigation to 200 boxes' crops shown vs. the same crops alone",
  },
  {
    script: "bench:annotate",
    about:
      "annotating on the Watch screen in Chromium: Enter to the new annotation shown vs. the create's answer",
  },
  {
    script: "bench:grab",
    about: "grabbing a frame on the Watch screen in Chromium: g to the image attached vs. capture alone",
  },
  {
    script: "bench:soak",
    about: "mixed load on every domain as split processes: RSS over time, errors, latency",
    quick: { BENCH_SOAK_MINUTES: "3" },
  },
  {
    script: "bench:scaleout",
    about:
      "the gateway in front of 3 registry processes: each one's share of the calls, req/s, failures in a rolling restart",
  },
  {
    script: "bench:unary-client",
    about: "the gateway's client CPU per unary call: its own HTTP/2 client against grpc-js' channel",
  },
];
