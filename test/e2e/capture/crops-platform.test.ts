/**
 * The crops as `npm start` serves them: capture's crop routes at /skimmer beside its frame routes,
 * and a URL without a telling extension cropped from its frame when the registry holds it as a video.
 */
import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { pngFacts } from "../../support/capture/test-images.js";
import { removeTestVideos, testVideos } from "../../support/capture/test-videos.js";
import { mediaForm } from "../../support/e2e/registry-fixtures.js";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

let platform: TestPlatform;
let folder = "";

test.before(async () => {
  const videos = await testVideos();
  folder = videos.folder;
  platform = await startTestPlatform("sqlite", { CAPTURE_FILE_ROOTS: folder });
});

test.after.always(async () => {
  await platform?.stop();
  await removeTestVideos();
});

test("a registered video without an extension is cropped from its frame at ms", async (t) => {
  const { progressive } = await testVideos();
  const path = join(folder, "dive-1234-hd");
  await copyFile(progressive, path);
  const uri = pathToFileURL(path).href;
  const created = await platform.http.post("/vam/v1/media", { form: mediaForm({ uri }), auth: true });
  t.is(created.status, 200);
  const query = new URLSearchParams({
    url: uri,
    left: "10",
    top: "20",
    right: "110",
    bottom: "70",
    ms: "1000",
  });
  const response = await fetch(`${platform.http.baseUrl}/skimmer/crop?${query}`);
  t.is(response.status, 200);
  t.is(response.headers.get("x-cache"), "MISS");
  const facts = await pngFacts(Buffer.from(await response.arrayBuffer()));
  t.deepEqual([facts.format, facts.width, facts.height], ["png", 100, 50]);
});

test("a URL without a telling extension that the registry does not hold is read as an image", async (t) => {
  const { progressive } = await testVideos();
  const path = join(folder, "unregistered-video");
  await copyFile(progressive, path);
  const query = new URLSearchParams({
    url: pathToFileURL(path).href,
    left: "0",
    top: "0",
    right: "10",
    bottom: "10",
  });
  const response = await fetch(`${platform.http.baseUrl}/skimmer/crop?${query}`);
  t.is(response.status, 404);
  t.regex(((await response.json()) as { message: string }).message, /is not an image this server can read/);
});

test("GET /skimmer/health names skimmer", async (t) => {
  const reply = await platform.http.get("/skimmer/health");
  t.is(reply.status, 200);
  t.like(reply.json, { application: "skimmer" });
});
