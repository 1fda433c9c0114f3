/**
 * `npm run bench:review`: how soon the console's review grid shows 200 boxes' crops, in Debian's
 * chromium (playwright-core) on localhost, against the all-in-one platform as `npm start --demo`
 * runs it (SQLite, the demo dives, their stored frames under the upload folder). Each run seeds
 * two fresh sets of 200 boxes on a demo frame (so every crop is cut for it, none from the crop
 * cache), and measures, each in a fresh browser context (empty cache) signed in as demo-maint,
 * in a window large enough to show all 200 tiles:
 * - the grid: from navigating to `/#/review?generator=…` until all 200 crops are decoded on
 *   screen: the console's bundle, its review chunk, the box query and 200 crops (goal < 2 s);
 * - the floor: a blank page given the other set's 200 crop URLs as images, until all are
 *   decoded: what any page pays for the crops themselves.
 * BENCH_RUNS times (default 5) after one unmeasured pass; median and slowest. Also the review
 * chunk's and the whole console's gzipped sizes. Prints a markdown table; asserts nothing.
 */
import type { Page } from "playwright-core";
import { cropPathOf } from "../../../../gateway/console/src/review/crop-url.js";
import type { ReviewBox } from "../../../../gateway/console/src/review/review-box.js";
import { CONSOLE_OUT } from "../../../m3/start/console-build.mjs";
import {
  benchRuns,
  bundleSize,
  chunkGzipBytes,
  printFigureAndFloor,
  type Timing,
} from "../console/console-measure.js";
import {
  DEMO_DIVE,
  DEMO_MAINT,
  signedInPage,
  signedInToken,
  startDemoBench,
} from "../console/demo-session.js";

const RUNS = benchRuns(5);
const BOXES = 200;
/** Wide and tall enough for the grid to show all 200 tiles (12 columns, 17 rows). */
const VIEWPORT = { width: 1920, height: 3300 };

const { origin, browser, stop } = await startDemoBench();
try {
  const token = await signedInToken(origin, DEMO_MAINT);
  const frame = await demoFrameOf(token);
  const grid: Timing = {
    name: `review grid: navigation to ${BOXES} crops shown`,
    goalMillis: 2000,
    runs: [],
  };
  const floor: Timing = {
    name: `floor: the ${BOXES} crops alone in a blank page`,
    goalMillis: 2000,
    runs: [],
  };
  for (let run = 0; run <= RUNS; run++) {
    const [gridSet, floorSet] = [`bench-review-${run}-grid`, `bench-review-${run}-floor`];
    await seedBoxes(token, frame, gridSet, run * 2);
    await seedBoxes(token, frame, floorSet, run * 2 + 1);
    const shown = await timeGrid(token, gridSet);
    const bare = await timeBareCrops(token, floorSet);
    if (run > 0) {
      grid.runs.push(shown);
      floor.runs.push(bare);
    }
  }
  printFigureAndFloor("bench:review", grid, floor);
  const whole = bundleSize(CONSOLE_OUT);
  console.log(
    `\nReview chunk: ${chunkGzipBytes(CONSOLE_OUT, "ReviewPage-")} bytes gzipped, loaded only when the screen opens; ` +
      `the whole console: ${whole.gzipBytes} bytes gzipped in ${whole.files} files.`,
  );
} finally {
  await stop();
}

async function getJson<T>(token: string, path: string): Promise<T> {
  const reply = await fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!reply.ok) throw new Error(`GET ${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** The demo clip's video reference and one of its stored frames (an image reference). */
async function demoFrameOf(token: string): Promise<{ videoReference: string; image: string }> {
  const sequence = await getJson<{ videos: { video_references: { uuid: string; uri: string }[] }[] }>(
    token,
    `/vam/v1/videosequences/name/${encodeURIComponent(DEMO_DIVE)}`,
  );
  const clip = sequence.videos
    .flatMap((video) => video.video_references)
    .find((one) => one.uri.startsWith("file:"));
  if (!clip) throw new Error(`${DEMO_DIVE} has no clip`);
  const annotations = await getJson<{ image_references?: { uuid: string }[] }[]>(
    token,
    `/anno/v1/annotations/videoreference/${clip.uuid}`,
  );
  const image = annotations.flatMap((annotation) => annotation.image_references ?? [])[0];
  if (!image) throw new Error("the demo clip has no stored frame");
  return { videoReference: clip.uuid, image: image.uuid };
}

/** 200 boxes of `generator` on the frame; `shift` moves them so no crop is already cached. */
async function seedBoxes(
  token: string,
  frame: { videoReference: string; image: string },
  generator: string,
  shift: number,
) {
  const items = Array.from({ length: BOXES }, (_, index) => ({
    video_reference_uuid: frame.videoReference,
    concept: "Nanomia",
    observer: DEMO_MAINT.username,
    elapsed_time_millis: 25_000 + index,
    associations: [
      {
        link_name: "bounding box",
        to_concept: "self",
        mime_type: "application/json",
        link_value: JSON.stringify({
          x: (index * 7 + shift) % 300,
          y: (index * 3 + shift) % 150,
          width: 48 + (index % 30),
          height: 40 + (index % 20),
          image_reference_uuid: frame.image,
          generator,
        }),
      },
    ],
  }));
  const reply = await fetch(`${origin}/anno/v1/annotations/bulk`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(items),
  });
  if (!reply.ok) throw new Error(`seeding boxes answered ${reply.status}: ${await reply.text()}`);
}

/** Until `count` crops are in the page, each loaded and decoded. */
function allCropsShown(page: Page, selector: string, count: number): Promise<unknown> {
  return page.waitForFunction(
    ([wanted, within]) => {
      const crops = [...document.querySelectorAll<HTMLImageElement>(within)];
      return crops.length >= wanted && crops.every((crop) => crop.complete && crop.naturalWidth > 0);
    },
    [count, selector] as const,
    { polling: "raf", timeout: 60_000 },
  );
}

async function timeGrid(token: string, generator: string): Promise<number> {
  const page = await signedInPage(browser, token, DEMO_MAINT, VIEWPORT);
  const started = performance.now();
  await page.goto(`${origin}/#/review?generator=${encodeURIComponent(generator)}`, { waitUntil: "commit" });
  await allCropsShown(page, "[role=option] img", BOXES);
  const millis = Math.round(performance.now() - started);
  await page.context().close();
  return millis;
}

async function timeBareCrops(token: string, generator: string): Promise<number> {
  const boxes = await getJson<ReviewBox[]>(
    token,
    `/anno/v1/boxes?generator=${encodeURIComponent(generator)}`,
  );
  const paths = boxes.flatMap((box) => cropPathOf(box) ?? []);
  if (paths.length !== BOXES) throw new Error(`${paths.length} crops for ${BOXES} boxes`);
  const page = await signedInPage(browser, token, DEMO_MAINT, VIEWPORT);
  await page.goto(`${origin}/healthz`);
  const started = performance.now();
  await page.evaluate((sources) => {
    for (const source of sources) {
      const crop = document.createElement("img");
      crop.src = source;
      document.body.append(crop);
    }
  }, paths);
  await allCropsShown(page, "img", BOXES);
  const millis = Math.round(performance.now() - started);
  await page.context().close();
  return millis;
}
