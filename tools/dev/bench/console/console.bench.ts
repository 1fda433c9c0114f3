/**
 * `npm run bench:console`: the web console's speed in Debian's chromium (playwright-core) on
 * localhost, against the all-in-one platform as `npm start` runs it on a throwaway MariaDB
 * holding the real kb (4,092 concepts) and BENCH_ANNOTATIONS (default 100,000) generated
 * annotations (tools/m3/datagen). Measured BENCH_RUNS times each (default 5), median and slowest:
 * - first load of `/` in a fresh browser context (empty cache) until the status screen shows
 *   every domain's readiness (goal < 1 s), and until its counts are in;
 * - the concept tree shown (Knowledge base opened from the status screen, the root's children
 *   listed) and searchable (a typed name until its suggestion shows, the 100 ms pause after
 *   typing included) (goal < 300 ms each);
 * - an annotation search with its plots (rows, depth and time histograms and the map drawn):
 *   the datagen's 1% concept, and every annotation deeper than 0 m (goal < 1.5 s each);
 * - the 1% concept's kb page with where it was seen (count, depth and time histograms, and the
 *   map with its land drawn) (goal < 1.5 s);
 * and, for the search over everything, when its API calls had all answered (the rest is the
 * browser's); and the console's compressed size (goal < 1.5 MB, issue 33), its first bundle's and
 * the land's, and what the first load transfers.
 * Prints a markdown table. Not a test: it asserts what is shown, nothing about speed.
 */
import { loadavg } from "node:os";
import type { Page } from "playwright-core";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { generateAnnotationData } from "../../../m3/datagen/datagen.js";
import { CONSOLE_OUT, ensureConsoleBuilt } from "../../../m3/start/console-build.mjs";
import { launchChromium } from "../../fixtures/browser-page.js";
import { startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import {
  bundleSize,
  freshPage,
  gzippedAssets,
  median,
  type Timing,
  timed,
  transferredBytes,
} from "./console-measure.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUNDLE_GOAL_BYTES = 1_500_000;
for (const [name, value] of Object.entries({ ANNOTATIONS, RUNS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

const log = (line: string) => console.error(line);
await ensureConsoleBuilt({ log });
const mariadb = await startBenchMariaDb();
const databaseUrl = await mariadb.createDatabase("m3_bench_console");
const target = parseDatabaseUrl(databaseUrl);
let platform: Awaited<ReturnType<typeof startPlatformProcess>> | undefined;
const browser = await launchChromium();
try {
  log(`generating ${ANNOTATIONS} annotations…`);
  const data = await generateAnnotationData({
    annotationTarget: target,
    registryTarget: target,
    annotations: ANNOTATIONS,
  });
  platform = await startPlatformProcess({
    databaseUrl,
    env: { M3_KB_IMPORT: "true", M3_CONSOLE_DIR: CONSOLE_OUT },
  });
  const origin = `http://127.0.0.1:${platform.port}`;
  log(`platform at ${origin}; 1% concept: ${data.target.name} (${data.target.count})`);

  const statusShown = async (page: Page) => {
    for (const title of [
      "Knowledge base",
      "Annotations",
      "Video registry",
      "Configuration",
      "Frame capture",
      "Image upload",
    ])
      await page.getByRole("article", { name: title }).getByText("Ready").waitFor();
  };
  const countsShown = (page: Page) =>
    page
      .getByRole("table", { name: "Counts" })
      .getByRole("row", { name: /^Annotations \d/ })
      .waitFor();
  const searchShown = async (page: Page) => {
    const found = page.getByRole("status").filter({ hasText: /\d+ annotations found/ });
    await found.waitFor();
    const rows = Number(/(\d+) annotations found/.exec((await found.textContent()) ?? "")?.[1]);
    if (!(rows > 0)) throw new Error("the search found nothing");
    await page.getByText(/Annotations by depth: \d+ annotations/).waitFor();
    await page.getByText(/Annotations by time: \d+ annotations/).waitFor();
    await page.getByRole("img", { name: /^Map of \d+ annotation positions$/ }).waitFor();
    // The map is drawn once its canvas exists and MapLibre has rendered a frame.
    await page.locator(".maplibregl-canvas").waitFor();
  };

  const sightingsShown = async (page: Page) => {
    await page
      .getByRole("status")
      .filter({ hasText: /Seen in [1-9]\d* annotations/ })
      .waitFor();
    await page.getByText(/Seen by depth: \d+ annotations/).waitFor();
    await page.getByText(/Seen by time: \d+ annotations/).waitFor();
    await page.locator("figure[data-land=drawn]").waitFor();
  };

  /**
   * Milliseconds from `pageStart` (the page's clock) until the last of the search's calls to
   * the annotation API had answered, from the page's resource timings: the rest of a search's
   * time is the browser's (parsing, rendering, the plots and the map).
   */
  const annotationCallsAnswered = (page: Page, pageStart: number) =>
    page.evaluate(
      (start) =>
        Math.round(
          Math.max(
            ...performance
              .getEntriesByType("resource")
              .filter((entry) => entry.name.includes("/anno/v1/"))
              .map((entry) => (entry as PerformanceResourceTiming).responseEnd - start),
          ),
        ),
      pageStart,
    );

  const timings: Timing[] = [
    { name: "first load of / until every domain shows its readiness", goalMillis: 1000, runs: [] },
    { name: "first load of / until the counts are in", goalMillis: 1000, runs: [] },
    { name: "concept tree shown (Knowledge base opened)", goalMillis: 300, runs: [] },
    { name: "concept tree searchable (typed name to its suggestion)", goalMillis: 300, runs: [] },
    {
      name: `search by the 1% concept (${data.target.count} annotations) with its plots`,
      goalMillis: 1500,
      runs: [],
    },
    {
      name: `search over every annotation (minDepth 0, ${ANNOTATIONS}) with its plots`,
      goalMillis: 1500,
      runs: [],
    },
    {
      name: "of which: until the search's API calls (rows, histograms) have all answered",
      goalMillis: 1500,
      runs: [],
    },
    {
      name: `the 1% concept's page with where it was seen (histograms, map with land)`,
      goalMillis: 1500,
      runs: [],
    },
    {
      name: "of which: until its annotation calls (count, histograms, positions) have all answered",
      goalMillis: 1500,
      runs: [],
    },
  ];
  const [
    firstReady,
    firstCounts,
    treeShown,
    treeSearch,
    conceptSearch,
    allSearch,
    allSearchApi,
    sightings,
    sightingsApi,
  ] = timings as [Timing, Timing, Timing, Timing, Timing, Timing, Timing, Timing, Timing];
  let firstLoadBytes = 0;
  // One unmeasured pass warms the platform's caches (the kb tree, the database's buffer pool).
  for (let run = 0; run <= RUNS; run++) {
    const measured = run > 0;
    const page = await freshPage(browser);
    const goto = () => page.goto(`${origin}/`, { waitUntil: "commit" });
    const started = performance.now();
    await goto();
    await statusShown(page);
    const ready = Math.round(performance.now() - started);
    await countsShown(page);
    const counts = Math.round(performance.now() - started);
    if (measured) {
      firstReady.runs.push(ready);
      firstCounts.runs.push(counts);
      firstLoadBytes = await transferredBytes(page);
    }
    const tree = await timed(
      () =>
        page
          .getByRole("navigation", { name: "Screens" })
          .getByRole("link", { name: "Knowledge base" })
          .click(),
      () => page.getByRole("button", { name: "Expand physical object" }).waitFor(),
    );
    const input = page.getByLabel("Find a concept by any name");
    const suggestion = await timed(
      () => input.fill("Crossota mil"),
      () =>
        page
          .getByRole("list", { name: "Suggestions" })
          .getByRole("link", { name: "Crossota millsae" })
          .waitFor(),
    );
    const byConcept = await timed(
      () => page.goto(`${origin}/#/search?concept=${encodeURIComponent(data.target.name)}`),
      () => searchShown(page),
    );
    await page.goto(`${origin}/#/`);
    await statusShown(page);
    const pageStart = await page.evaluate(() => {
      performance.clearResourceTimings();
      return performance.now();
    });
    const everything = await timed(
      () => page.goto(`${origin}/#/search?minDepth=0`),
      () => searchShown(page),
    );
    const answered = await annotationCallsAnswered(page, pageStart);
    const conceptStart = await page.evaluate(() => {
      performance.clearResourceTimings();
      return performance.now();
    });
    const conceptPage = await timed(
      () => page.goto(`${origin}/#/kb/${encodeURIComponent(data.target.name)}`),
      () => sightingsShown(page),
    );
    const conceptAnswered = await annotationCallsAnswered(page, conceptStart);
    if (measured) {
      treeShown.runs.push(tree);
      treeSearch.runs.push(suggestion);
      conceptSearch.runs.push(byConcept);
      allSearch.runs.push(everything);
      allSearchApi.runs.push(answered);
      sightings.runs.push(conceptPage);
      sightingsApi.runs.push(conceptAnswered);
    }
    await page.context().close();
  }

  const bundle = bundleSize(CONSOLE_OUT);
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  console.log(`\n### Console (${ANNOTATIONS} annotations, ${RUNS} runs, load average ${load})\n`);
  console.log("| measure | median ms | slowest ms | goal ms | met |");
  console.log("|---|---:|---:|---:|---|");
  for (const timing of timings) {
    const slowest = Math.max(...timing.runs);
    const mid = median(timing.runs);
    console.log(
      `| ${timing.name} | ${mid} | ${slowest} | ${timing.goalMillis} | ${mid < timing.goalMillis ? "yes" : "no"} |`,
    );
  }
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
  console.log(
    `\nBundle: ${bundle.files} files, ${kb(bundle.rawBytes)} raw, ${kb(bundle.gzipBytes)} gzipped (goal < 1.5 MB: ${bundle.gzipBytes < BUNDLE_GOAL_BYTES ? "yes" : "no"}); the first bundle ${kb(gzippedAssets(CONSOLE_OUT, /^index-.*\.js$/))} and the land ${kb(gzippedAssets(CONSOLE_OUT, /^land-.*\.js$/))} gzipped; the first load of / transfers ${kb(firstLoadBytes)}.`,
  );
} finally {
  await browser.close();
  await platform?.stop();
  await mariadb.stop();
}
