/**
 * `npm run bench:watch`: how soon the console's Watch screen shows a dive's video, in Debian's
 * chromium (playwright-core) on localhost, against the all-in-one platform as `npm start --demo`
 * runs it (SQLite, the demo dives and their generated clip, a `file:` video under the capture
 * root). Measured BENCH_RUNS times each (default 5), median and slowest, each in a fresh browser
 * context (empty cache) signed in as demo-annotator:
 * - the screen: from navigating to `/#/dives/Demo Ventana 4101/watch` until the clip's first
 *   frame is on screen (the page's requestVideoFrameCallback mark): the console's bundle, its
 *   Watch chunk, the dive's registry and annotation reads, the clip's ticket and its first
 *   ranges (goal < 1 s);
 * - the floor: a blank page holding only a video element with the same clip's media URL, from
 *   setting it until its first frame is on screen: what any page pays for the video itself.
 * Also the Watch chunk's compressed size. Prints a markdown table; asserts nothing about speed.
 */
import type { Browser } from "playwright-core";
import { CONSOLE_OUT } from "../../../m3/start/console-build.mjs";
import { benchRuns, chunkGzipBytes, printFigureAndFloor, type Timing } from "../console/console-measure.js";
import { DEMO_DIVE, signedInPage, signedInToken, startDemoBench } from "../console/demo-session.js";

const RUNS = benchRuns(5);
/** The mark the Watch screen sets when its first frame is on screen (gateway/console/src/watch/usePlayback.ts). */
const FIRST_FRAME_MARK = "m3-watch-first-frame";

const { origin, browser, stop } = await startDemoBench();
try {
  const token = await signedInToken(origin);
  const clipUri = await clipUriOf(token);
  const screen: Timing = {
    name: "Watch screen: navigation to the clip's first frame",
    goalMillis: 1000,
    runs: [],
  };
  const floor: Timing = {
    name: "floor: the clip alone in a blank page, to its first frame",
    goalMillis: 1000,
    runs: [],
  };
  // One unmeasured pass warms the platform (SQLite pages, the clip in the page cache).
  for (let run = 0; run <= RUNS; run++) {
    const watch = await timeWatchScreen(browser, token);
    const bare = await timeBareVideo(browser, token, clipUri);
    if (run > 0) {
      screen.runs.push(watch);
      floor.runs.push(bare);
    }
  }
  printFigureAndFloor("bench:watch", screen, floor);
  console.log(
    `\nWatch chunk: ${chunkGzipBytes(CONSOLE_OUT, "WatchPage-")} bytes gzipped, loaded only when the screen opens.`,
  );
} finally {
  await stop();
}

async function clipUriOf(token: string): Promise<string> {
  const reply = await fetch(`${origin}/vam/v1/videosequences/name/${encodeURIComponent(DEMO_DIVE)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const sequence = (await reply.json()) as { videos: { video_references: { uri: string }[] }[] };
  const uri = sequence.videos
    .flatMap((video) => video.video_references)
    .find((reference) => reference.uri.startsWith("file:"))?.uri;
  if (!uri) throw new Error(`${DEMO_DIVE} has no file: video`);
  return uri;
}

async function timeWatchScreen(browser: Browser, token: string): Promise<number> {
  const page = await signedInPage(browser, token);
  const started = performance.now();
  await page.goto(`${origin}/#/dives/${encodeURIComponent(DEMO_DIVE)}/watch`, { waitUntil: "commit" });
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_FRAME_MARK, {
    polling: "raf",
  });
  const millis = Math.round(performance.now() - started);
  await page.context().close();
  return millis;
}

async function timeBareVideo(browser: Browser, token: string, clipUri: string): Promise<number> {
  const ticketReply = await fetch(`${origin}/capture/media/tickets`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ videoUrl: clipUri }),
  });
  const { ticket } = (await ticketReply.json()) as { ticket: string };
  const page = await signedInPage(browser, token);
  await page.goto(`${origin}/healthz`);
  const started = performance.now();
  await page.evaluate(
    (src) => {
      const video = document.createElement("video");
      video.muted = true;
      video.preload = "auto";
      video.requestVideoFrameCallback(() => performance.mark("bare-first-frame"));
      video.src = src;
      document.body.append(video);
    },
    `${origin}/capture/media?ticket=${encodeURIComponent(ticket)}`,
  );
  await page.waitForFunction(() => performance.getEntriesByName("bare-first-frame").length > 0, undefined, {
    polling: "raf",
  });
  const millis = Math.round(performance.now() - started);
  await page.context().close();
  return millis;
}
