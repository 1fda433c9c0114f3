import { copyFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { metricsText } from "../../../services/kit/metrics/metrics-registry.js";
import { type CaptureStack, replyOf, startCaptureStack } from "../../../tools/dev/fixtures/capture-stack.js";
import {
  coordinateImage,
  type ImageHttpServer,
  pngFacts,
  serveImages,
} from "../../support/capture/test-images.js";
import { removeTestVideos, testVideos } from "../../support/capture/test-videos.js";

let stack: CaptureStack;
let images: ImageHttpServer;
let folder = "";

test.before(async () => {
  const videos = await testVideos();
  folder = videos.folder;
  await writeFile(join(folder, "coordinates.png"), await coordinateImage(200, 150, "png"));
  images = await serveImages({
    "/coordinates.png": await coordinateImage(200, 150, "png"),
    "/photo.jpg": await coordinateImage(240, 180, "jpeg"),
    "/not-an-image.png": Buffer.from("plain text"),
  });
  stack = await startCaptureStack({ CAPTURE_FILE_ROOTS: folder, CAPTURE_CROP_FETCH_TIMEOUT_MILLIS: "500" });
});

test.after.always(async () => {
  await stack?.stop();
  await images?.close();
  await removeTestVideos();
});

async function crop(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return replyOf(await fetch(`${stack.baseUrl}/skimmer/crop?${search}`));
}

const box = { left: 10, top: 20, right: 60, bottom: 50 };

test("GET /skimmer/crop answers the region of an HTTP image as a PNG, right and bottom exclusive, then from the cache", async (t) => {
  const url = `${images.base}/coordinates.png`;
  const first = await crop({ url, ...box });
  t.is(first.status, 200);
  t.is(first.headers.get("content-type"), "image/png");
  t.is(first.headers.get("x-cache"), "MISS");
  t.regex(first.headers.get("access-control-expose-headers") ?? "", /X-Cache/);
  t.deepEqual(await pngFacts(first.body), { format: "png", width: 50, height: 30, first: [10, 20, 7] });
  const again = await crop({ url, ...box });
  t.is(again.headers.get("x-cache"), "HIT");
  t.true(again.body.equals(first.body));
  const other = await crop({ url, left: 0, top: 0, right: 200, bottom: 150 });
  t.is(other.headers.get("x-cache"), "MISS");
  t.deepEqual(await pngFacts(other.body), { format: "png", width: 200, height: 150, first: [0, 0, 7] });
  t.is(
    images.hits.get("/coordinates.png"),
    1,
    "the second crop of one image reuses the image held in memory",
  );
});

test.serial("crop cache hits and misses are counted, and the crop cache's size is reported", async (t) => {
  const before = await metricsText();
  const count = (text: string, result: string) =>
    Number(
      new RegExp(`^m3_capture_crop_requests_total\\{result="${result}"\\} (\\d+)$`, "m").exec(text)?.[1],
    );
  const url = `${images.base}/coordinates.png`;
  const region = { left: 1, top: 1, right: 2, bottom: 2 };
  await crop({ url, ...region });
  await crop({ url, ...region });
  const after = await metricsText();
  t.is(count(after, "miss"), count(before, "miss") + 1);
  t.is(count(after, "hit"), count(before, "hit") + 1);
  // The crop reaches the disk (and the gauge) just after it is answered.
  let text = after;
  for (let tries = 0; tries < 100 && !/^m3_capture_crop_cache_crops [1-9]/m.test(text); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    text = await metricsText();
  }
  t.regex(text, /^m3_capture_crop_cache_crops [1-9]\d*$/m);
});

test("a JPEG is cropped too, and ms does not matter for an image", async (t) => {
  const url = `${images.base}/photo.jpg`;
  const first = await crop({ url, left: 100, top: 100, right: 140, bottom: 120, ms: 5 });
  t.is(first.status, 200);
  const facts = await pngFacts(first.body);
  t.is(facts.width, 40);
  t.is(facts.height, 20);
  t.true(Math.abs((facts.first[0] ?? 0) - 100) <= 3 && Math.abs((facts.first[1] ?? 0) - 100) <= 3);
  const again = await crop({ url, left: 100, top: 100, right: 140, bottom: 120 });
  t.is(again.headers.get("x-cache"), "HIT");
});

test("a file URL under the capture file roots is read from disk", async (t) => {
  const url = pathToFileURL(join(folder, "coordinates.png")).href;
  const reply = await crop({ url, left: 5, top: 6, right: 7, bottom: 9 });
  t.is(reply.status, 200);
  t.deepEqual(await pngFacts(reply.body), { format: "png", width: 2, height: 3, first: [5, 6, 7] });
});

test("a video URL is cropped from its frame at ms, taken by frame capture (ffmpeg) and its frame cache", async (t) => {
  const videos = await testVideos();
  const copy = join(folder, "crop-source.mp4");
  await copyFile(videos.progressive, copy);
  const url = pathToFileURL(copy).href;
  const first = await crop({ url, left: 0, top: 0, right: 320, bottom: 240, ms: 1000 });
  t.is(first.status, 200);
  t.is(first.headers.get("x-cache"), "MISS");
  const facts = await pngFacts(first.body);
  t.deepEqual([facts.format, facts.width, facts.height], ["png", 320, 240]);
  const frame = await stack.capture("/png", { videoUrl: url, elapsedTimeMillis: 1000 });
  t.is(frame.status, 200);
  // Another region of the same frame is cut from the frame cache, even once the video is gone.
  await rm(copy);
  const part = await crop({ url, left: 100, top: 50, right: 180, bottom: 110, ms: 1000 });
  t.is(part.status, 200);
  t.is(part.headers.get("x-cache"), "MISS");
  t.deepEqual((await pngFacts(part.body)).width, 80);
  const elsewhere = await crop({ url, left: 100, top: 50, right: 180, bottom: 110, ms: 2000 });
  t.is(elsewhere.status, 404);
});

const badInputs: [string, Record<string, string | number>, RegExp][] = [
  ["a region outside the image", { right: 201 }, /outside the 200x150 image/],
  ["a bottom outside the image", { bottom: 151 }, /outside the 200x150 image/],
  ["left equal to right", { left: 60, right: 60 }, /left must be less than right/],
  ["left beyond right", { left: 70, right: 60 }, /left must be less than right/],
  ["top equal to bottom", { top: 50, bottom: 50 }, /top must be less than bottom/],
  ["a negative edge", { left: -1 }, /left must be a whole number of pixels/],
  ["a non-integer edge", { top: "1.5" }, /top/],
  ["a word for an edge", { right: "wide" }, /right/],
  ["a URL without a scheme", { url: "example.org/image.png" }, /Invalid URL/],
  ["a URL without a host", { url: "http:///image.png" }, /Invalid URL/],
  ["a negative ms", { ms: -5 }, /ms must be an integer/],
];

for (const [what, change, message] of badInputs) {
  test(`400 with a JSON message for ${what}`, async (t) => {
    const reply = await crop({ url: `${images.base}/coordinates.png`, ...box, ...change });
    t.is(reply.status, 400);
    t.regex((reply.json as { message: string }).message, message);
  });
}

for (const edge of ["url", "left", "top", "right", "bottom"] as const) {
  test(`400 naming ${edge} when it is missing`, async (t) => {
    const query: Record<string, string | number> = { url: `${images.base}/coordinates.png`, ...box };
    delete query[edge];
    const reply = await crop(query);
    t.is(reply.status, 400);
    t.is((reply.json as { message: string }).message, `${edge} is required`);
  });
}

test("404 for a source that cannot be read: missing over HTTP, missing on disk, not an image", async (t) => {
  for (const url of [
    `${images.base}/missing.png`,
    pathToFileURL(join(folder, "missing.png")).href,
    `${images.base}/not-an-image.png`,
  ]) {
    const reply = await crop({ url, ...box });
    t.is(reply.status, 404, url);
    t.is(typeof (reply.json as { message: string }).message, "string");
  }
});

test("503 with Retry-After when the source's server is down, failing or too slow", async (t) => {
  const down = await serveImages({});
  await down.close();
  const refused = await crop({ url: `${down.base}/image.png`, ...box });
  t.is(refused.status, 503);
  t.is(refused.headers.get("retry-after"), "5");
  const failing = await crop({ url: `${images.base}/fail`, ...box });
  t.is(failing.status, 503);
  t.is(failing.headers.get("retry-after"), "7");
  const slow = await crop({ url: `${images.base}/slow`, ...box });
  t.is(slow.status, 503);
  t.regex((slow.json as { message: string }).message, /did not answer in time/);
});

test("503 with Retry-After when every crop worker is busy and the queue is full", async (t) => {
  const busy = await startCaptureStack({
    CAPTURE_CROP_THREADS: "1",
    CAPTURE_CROP_QUEUE_SIZE: "0",
    CAPTURE_CROP_FETCH_TIMEOUT_MILLIS: "2000",
  });
  t.teardown(() => busy.stop());
  const query = (path: string) => new URLSearchParams({ url: `${images.base}${path}`, ...stringsOf(box) });
  const slowHits = images.hits.get("/slow") ?? 0;
  // The one worker waits on a source that never answers.
  const held = fetch(`${busy.baseUrl}/skimmer/crop?${query("/slow")}`);
  while ((images.hits.get("/slow") ?? 0) === slowHits)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const refused = await replyOf(await fetch(`${busy.baseUrl}/skimmer/crop?${query("/coordinates.png")}`));
  t.is(refused.status, 503);
  t.regex(refused.headers.get("retry-after") ?? "", /^[2-8]$/);
  t.regex((refused.json as { message: string }).message, /crop capacity/);
  t.is((await held).status, 503);
});

function stringsOf(values: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

test("file URLs outside the roots are refused before the disk is read", async (t) => {
  const reply = await crop({ url: "file:///etc/hostname", ...box });
  t.is(reply.status, 403);
});

test("GET /skimmer/health answers skimmer's health record without credentials", async (t) => {
  const reply = await replyOf(await fetch(`${stack.baseUrl}/skimmer/health`));
  t.is(reply.status, 200);
  const health = reply.json as Record<string, unknown>;
  t.is(health.application, "skimmer");
  t.is(health.description, "ROI Service");
  t.is(typeof health.availableProcessors, "number");
});

test("GET /skimmer/docs/openapi.json documents the crop's query parameters and the health route", async (t) => {
  const reply = await replyOf(await fetch(`${stack.baseUrl}/skimmer/docs/openapi.json`));
  t.is(reply.status, 200);
  const document = reply.json as {
    paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
  };
  const crop = document.paths["/crop"]?.get;
  t.deepEqual(
    crop?.parameters?.map((parameter) => parameter.name),
    ["url", "left", "top", "right", "bottom", "ms"],
  );
  t.truthy(document.paths["/health"]);
});
