import { chmod, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { type CaptureStack, startCaptureStack } from "../../../tools/dev/fixtures/capture-stack.js";
import { imageFormatOf, removeTestVideos, testVideos } from "../../support/capture/test-videos.js";
import { serveVideo } from "../../support/capture/video-http-server.js";

let stack: CaptureStack;
let videoUrl = "";

test.before(async () => {
  const videos = await testVideos();
  videoUrl = pathToFileURL(videos.progressive).href;
  stack = await startCaptureStack({ CAPTURE_FILE_ROOTS: videos.folder });
});

test.after.always(async () => {
  await stack?.stop();
  await removeTestVideos();
});

test("POST /capture answers the frame as image/jpeg by default, then from the disk cache", async (t) => {
  const reply = await stack.capture("", { videoUrl, elapsedTimeMillis: 1234 });
  t.is(reply.status, 200);
  t.is(reply.headers.get("content-type"), "image/jpeg");
  t.is(imageFormatOf(reply.body), "jpg");
  t.is(reply.headers.get("content-disposition"), null);
  const again = await stack.capture("", { videoUrl, elapsedTimeMillis: 1234, deinterlace: false });
  t.true(again.body.equals(reply.body));
  const [prefix] = await readdir(stack.cacheRoot);
  t.truthy(prefix);
});

test("imageType picks the format on /capture; /capture/jpg and /capture/png override it", async (t) => {
  const png = await stack.capture("", { videoUrl, elapsedTimeMillis: 500, imageType: "png" });
  t.is(png.headers.get("content-type"), "image/png");
  t.is(imageFormatOf(png.body), "png");
  const forcedJpg = await stack.capture("/jpg", { videoUrl, elapsedTimeMillis: 500, imageType: "png" });
  t.is(forcedJpg.headers.get("content-type"), "image/jpeg");
  t.is(imageFormatOf(forcedJpg.body), "jpg");
  const forcedPng = await stack.capture("/png", { videoUrl, elapsedTimeMillis: 600 });
  t.is(imageFormatOf(forcedPng.body), "png");
});

test("accurate=false and nokey=true are accepted as query flags", async (t) => {
  const reply = await stack.capture(
    "",
    { videoUrl, elapsedTimeMillis: 2000, deinterlace: true },
    {
      query: "accurate=false&nokey=true",
    },
  );
  t.is(reply.status, 200);
  t.is(imageFormatOf(reply.body), "jpg");
});

test("accurate=false&nokey=true on a short H.264 clip answers the key frame before the time", async (t) => {
  const { oneKeyFrame } = await testVideos();
  const clipUrl = pathToFileURL(oneKeyFrame).href;
  const keyFrame = await stack.capture("/png", { videoUrl: clipUrl, elapsedTimeMillis: 0 });
  t.is(keyFrame.status, 200);
  for (const elapsedTimeMillis of [500, 1500, 1960]) {
    const reply = await stack.capture(
      "/png",
      { videoUrl: clipUrl, elapsedTimeMillis },
      { query: "accurate=false&nokey=true" },
    );
    t.is(reply.status, 200, `${elapsedTimeMillis} ms`);
    t.true(reply.body.equals(keyFrame.body), `${elapsedTimeMillis} ms`);
  }
  const fast = await stack.capture(
    "",
    { videoUrl: clipUrl, elapsedTimeMillis: 1200 },
    { query: "accurate=false" },
  );
  t.is(fast.status, 200);
  t.is(imageFormatOf(fast.body), "jpg");
});

test("accurate=false past the end of the video is a 404 naming the time, not the last key frame", async (t) => {
  const { oneKeyFrame } = await testVideos();
  const clipUrl = pathToFileURL(oneKeyFrame).href;
  const reply = await stack.capture(
    "",
    { videoUrl: clipUrl, elapsedTimeMillis: 2500 },
    { query: "accurate=false&nokey=true" },
  );
  t.is(reply.status, 404);
  t.deepEqual(reply.json, { message: `${clipUrl} has no frame at PT2.5S`, responseCode: 404 });
});

test("a videoUrl that is not a JSON string is a 400 naming the field", async (t) => {
  for (const bad of [12345, true, ["x"], { url: videoUrl }]) {
    const reply = await stack.capture("", { videoUrl: bad, elapsedTimeMillis: 0 });
    t.is(reply.status, 400, JSON.stringify(bad));
    t.deepEqual(reply.json, { message: "videoUrl must be a string", responseCode: 400 });
  }
});

test("a missing or wrong X-Api-Key is a 401 JSON error on every capture route", async (t) => {
  for (const path of ["", "/jpg", "/png"]) {
    const missing = await stack.capture(path, { videoUrl, elapsedTimeMillis: 0 }, { apiKey: null });
    t.is(missing.status, 401);
    t.deepEqual(missing.json, { message: "Missing X-Api-Key", responseCode: 401 });
    const wrong = await stack.capture(path, { videoUrl, elapsedTimeMillis: 0 }, { apiKey: "nope" });
    t.deepEqual(wrong.json, { message: "Invalid X-Api-Key", responseCode: 401 });
  }
});

test("a signed-in kb user's bearer token grabs a frame without the key; a foreign token is a 401", async (t) => {
  const issuer = "http://www.mbari.org";
  const userToken = await new TokenService({ signingSecret: stack.signingSecret, issuer }).issue({
    name: "demo-annotator",
    role: "Annotator",
  });
  const body = { videoUrl, elapsedTimeMillis: 700 };
  const reply = await stack.capture("/png", body, { apiKey: null, authorization: `Bearer ${userToken}` });
  t.is(reply.status, 200);
  t.is(imageFormatOf(reply.body), "png");
  const foreign = await new TokenService({ signingSecret: "not-the-platform's", issuer }).issue({
    name: "x",
  });
  const refused = await stack.capture("", body, { apiKey: null, authorization: `Bearer ${foreign}` });
  t.is(refused.status, 401);
  t.deepEqual(refused.json, { message: "Invalid token", responseCode: 401 });
});

test("an unreadable URL is a 404 JSON error", async (t) => {
  const { folder, notAVideo } = await testVideos();
  const cases = [
    ["not a url", "not a url is not a valid URL"],
    [
      pathToFileURL(join(folder, "missing.mp4")).href,
      `${pathToFileURL(join(folder, "missing.mp4")).href} could not be read`,
    ],
    [pathToFileURL(notAVideo).href, `${pathToFileURL(notAVideo).href} could not be read`],
    ["http://127.0.0.1:9/nothing-listens.mp4", "http://127.0.0.1:9/nothing-listens.mp4 could not be read"],
  ] as const;
  for (const [url, message] of cases) {
    const reply = await stack.capture("", { videoUrl: url, elapsedTimeMillis: 0 });
    t.is(reply.status, 404, url);
    t.deepEqual(reply.json, { message, responseCode: 404 });
  }
});

test("an http video URL is captured; a URL its server answers 404 for is a 404 JSON error", async (t) => {
  const server = await serveVideo((await testVideos()).progressive);
  try {
    const reply = await stack.capture("/png", { videoUrl: server.videoUrl, elapsedTimeMillis: 3000 });
    t.is(reply.status, 200);
    t.is(imageFormatOf(reply.body), "png");
    const missing = await stack.capture("", { videoUrl: server.missingUrl, elapsedTimeMillis: 0 });
    t.deepEqual(missing.json, { message: `${server.missingUrl} could not be read`, responseCode: 404 });
  } finally {
    await server.close();
  }
});

test("a time past the end of the video is a 404 naming the time", async (t) => {
  const reply = await stack.capture("", { videoUrl, elapsedTimeMillis: 61_500 });
  t.is(reply.status, 404);
  t.deepEqual(reply.json, { message: `${videoUrl} has no frame at PT1M1.5S`, responseCode: 404 });
});

test("a file outside CAPTURE_FILE_ROOTS is a 403, and bad fields are 400s naming them", async (t) => {
  const outside = await stack.capture("", { videoUrl: "file:///etc/passwd", elapsedTimeMillis: 0 });
  t.is(outside.status, 403);
  t.regex((outside.json as { message: string }).message, /outside the folders CAPTURE_FILE_ROOTS allows/);
  const badType = await stack.capture("", { videoUrl, elapsedTimeMillis: 0, imageType: "gif" });
  t.is(badType.status, 400);
  t.regex((badType.json as { message: string }).message, /imageType/);
  const noTime = await stack.capture("", { videoUrl });
  t.is(noTime.status, 400);
  t.deepEqual(noTime.json, { message: "elapsedTimeMillis is required", responseCode: 400 });
});

test("GET /capture/health is the legacy health record of beholder, GET /capture/docs the API docs", async (t) => {
  const health = await fetch(`${stack.baseUrl}/capture/health`);
  t.is(health.status, 200);
  const body = (await health.json()) as Record<string, unknown>;
  t.is(body.application, "beholder");
  t.is(body.description, "Framegrab server");
  t.true((body.freeMemory as number) > 0);
  const docs = await fetch(`${stack.baseUrl}/capture/docs`, { redirect: "follow" });
  t.is(docs.status, 200);
  t.regex(await docs.text(), /swagger|openapi/i);
});

test("when the worker and its queue are busy, a capture gets 503 with a retry delay of 2 to 8 seconds", async (t) => {
  const { progressive, folder } = await testVideos();
  const gates = await mkdtemp(join(tmpdir(), "m3-capture-gate-"));
  const gatedFfmpeg = join(gates, "gated-ffmpeg.sh");
  await writeFile(
    gatedFfmpeg,
    `#!/bin/sh\ntouch "${gates}/started"\nwhile [ ! -e "${gates}/open" ]; do sleep 0.02; done\nexec ffmpeg "$@"\n`,
  );
  await chmod(gatedFfmpeg, 0o755);
  const busy = await startCaptureStack({
    CAPTURE_FILE_ROOTS: folder,
    CAPTURE_THREADS: "1",
    CAPTURE_QUEUE_SIZE: "0",
    CAPTURE_FFMPEG_PATH: gatedFfmpeg,
  });
  try {
    const url = pathToFileURL(progressive).href;
    const first = busy.capture("", { videoUrl: url, elapsedTimeMillis: 100 });
    while (!(await readdir(gates)).includes("started"))
      await new Promise((resolve) => setTimeout(resolve, 10));
    const rejected = await busy.capture("", { videoUrl: url, elapsedTimeMillis: 200 });
    t.is(rejected.status, 503);
    t.is(
      (rejected.json as { message: string }).message,
      "The server is at capture capacity. Please retry shortly.",
    );
    const retryAfter = Number(rejected.headers.get("retry-after"));
    t.true(Number.isInteger(retryAfter) && retryAfter >= 2 && retryAfter <= 8, `Retry-After ${retryAfter}`);
    await writeFile(join(gates, "open"), "");
    t.is((await first).status, 200);
  } finally {
    await writeFile(join(gates, "open"), "");
    await busy.stop();
    await rm(gates, { recursive: true, force: true });
  }
});
