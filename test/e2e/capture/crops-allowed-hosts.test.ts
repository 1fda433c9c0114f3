/**
 * With CAPTURE_CROP_ALLOWED_HOSTS set, a crop fetches images only from the hosts listed: another
 * host, directly or through a redirect, is refused with 403 before it is asked.
 */
import test from "ava";
import { type CaptureStack, replyOf, startCaptureStack } from "../../../tools/dev/fixtures/capture-stack.js";
import { coordinateImage, type ImageHttpServer, serveImages } from "../../support/capture/test-images.js";

let stack: CaptureStack;
let images: ImageHttpServer;

test.before(async () => {
  const image = await coordinateImage(80, 60, "png");
  const redirects: Record<string, string> = {};
  images = await serveImages({ "/listed.png": image, "/elsewhere.png": image }, redirects);
  // The same server under a name the list leaves out.
  redirects["/moved.png"] = `http://localhost:${new URL(images.base).port}/elsewhere.png`;
  redirects["/broken.png"] = "http://[::1";
  stack = await startCaptureStack({ CAPTURE_CROP_ALLOWED_HOSTS: "example.org, 127.0.0.1" });
});

test.after.always(async () => {
  await stack?.stop();
  await images?.close();
});

async function crop(url: string) {
  const search = new URLSearchParams({ url, left: "0", top: "0", right: "10", bottom: "10" });
  return replyOf(await fetch(`${stack.baseUrl}/skimmer/crop?${search}`));
}

test("an image on a listed host is cropped", async (t) => {
  const reply = await crop(`${images.base}/listed.png`);
  t.is(reply.status, 200);
  t.is(reply.headers.get("content-type"), "image/png");
});

test("a host the list leaves out is refused with 403 and never asked", async (t) => {
  const port = new URL(images.base).port;
  const reply = await crop(`http://localhost:${port}/elsewhere.png`);
  t.is(reply.status, 403);
  t.regex(reply.body.toString(), /CAPTURE_CROP_ALLOWED_HOSTS/);
  t.is(images.hits.get("/elsewhere.png"), undefined);
});

test("a redirect from a listed host to another host is refused with 403 before the other host is asked", async (t) => {
  const reply = await crop(`${images.base}/moved.png`);
  t.is(reply.status, 403);
  t.is(images.hits.get("/moved.png"), 1);
  t.is(images.hits.get("/elsewhere.png"), undefined);
});

test("a redirect to a Location no URL can be made of is a 404 JSON, not a server error", async (t) => {
  const reply = await crop(`${images.base}/broken.png`);
  t.is(reply.status, 404);
  t.regex(reply.body.toString(), /"message":".*broken\.png could not be read/);
});
