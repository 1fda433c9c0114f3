import test from "ava";
import { regionOutside, toCropOrder } from "../../../services/capture/crops/services/crop-request.js";
import { urlKindByExtension } from "../../../services/capture/crops/services/video-urls.js";

const box = { url: "https://example.org/a.png", left: 1, top: 2, right: 3, bottom: 4 };

test("a crop keeps its URL and whole-pixel edges; ms defaults to 0", (t) => {
  t.deepEqual(toCropOrder({ ...box, url: " https://example.org/a.png " }), {
    url: "https://example.org/a.png",
    region: { left: 1, top: 2, right: 3, bottom: 4 },
    elapsedMillis: 0,
  });
  t.is(toCropOrder({ ...box, ms: 1500 }).elapsedMillis, 1500);
});

test("file URLs need no host; other URLs need a scheme and a host", (t) => {
  t.is(toCropOrder({ ...box, url: "file:///videos/a.png" }).url, "file:///videos/a.png");
  for (const url of ["example.org/a.png", "http:///a.png", "https://", "/a.png", "mailto:x@example.org"]) {
    t.throws(() => toCropOrder({ ...box, url }), { message: /Invalid URL/ }, url);
  }
});

test("each edge is required, a whole number from 0, with left < right and top < bottom", (t) => {
  t.throws(() => toCropOrder({ ...box, bottom: undefined }), { message: "bottom is required" });
  t.throws(() => toCropOrder({ ...box, url: undefined }), { message: "url is required" });
  t.throws(() => toCropOrder({ ...box, top: -1 }), { message: /top must be a whole number/ });
  t.throws(() => toCropOrder({ ...box, left: 0.5 }), { message: /left must be a whole number/ });
  t.throws(() => toCropOrder({ ...box, left: 3 }), { message: "left must be less than right" });
  t.throws(() => toCropOrder({ ...box, top: 5 }), { message: "top must be less than bottom" });
  t.throws(() => toCropOrder({ ...box, ms: -1 }), { message: /ms must be an integer/ });
});

test("a region fits an image when its right and bottom edges are at most its width and height", (t) => {
  const region = { left: 0, top: 0, right: 200, bottom: 150 };
  t.is(regionOutside(region, 200, 150), undefined);
  t.regex(regionOutside(region, 199, 150)?.message ?? "", /outside the 199x150 image/);
  t.is(regionOutside(region, 200, 149)?.reason, "REGION_OUTSIDE_IMAGE");
});

test("a URL names a video or an image by the extension of its path, whatever its case, query or fragment", (t) => {
  t.is(urlKindByExtension("https://example.org/dives/D1234.MOV?download=1"), "video");
  t.is(urlKindByExtension("file:///archive/d1234.mp4#t=1"), "video");
  t.is(urlKindByExtension("https://example.org/frames/d1234.PNG"), "image");
  t.is(urlKindByExtension("https://example.org/frames/d1234.jpeg"), "image");
  t.is(urlKindByExtension("https://example.org/videos.mp4/frame"), "unknown");
  t.is(urlKindByExtension("https://example.org/image?name=a.mp4"), "unknown");
  t.is(urlKindByExtension("urn:mbari:video:1234"), "unknown");
});
