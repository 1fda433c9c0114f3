import test from "ava";
import {
  inferMediaType,
  printableUrl,
  requireUrl,
  resolveMimeType,
} from "../../../../services/kb/attachments/services/media.rules.js";

test("the MIME type follows the url's extension whatever the stored type's case", (t) => {
  t.is(resolveMimeType("image", "http://x/bar.jpg"), "image/jpeg");
  t.is(resolveMimeType("IMAGE", "http://x/bar.PNG"), "image/png");
  t.is(resolveMimeType("video", "http://x/bar.mov"), "video/quicktime");
  t.is(resolveMimeType("VIDEO", "http://x/bar.mp4"), "video/mp4");
});

test("an unknown extension combines with the stored type; no extension gives octet-stream", (t) => {
  t.is(resolveMimeType("Image", "http://x/bar.xyz"), "image/xyz");
  t.is(resolveMimeType("Video", "http://x/bar.abc"), "video/abc");
  t.is(resolveMimeType("Icon", "http://x/bar.qqq"), "image/x-icon");
  t.is(resolveMimeType("Other", "http://x/bar.qqq"), "application/octet-stream");
  t.is(resolveMimeType("Image", "http://x/bar"), "application/octet-stream");
  t.is(resolveMimeType(undefined, "http://x/bar.qqq"), "application/octet-stream");
});

test("the query string and fragment do not hide the extension", (t) => {
  t.is(resolveMimeType("Image", "http://x/bar.png?size=2#top"), "image/png");
});

test("the stored type is inferred from the extension: png/jpg Image, mp4 Video, unknown Image", (t) => {
  t.is(inferMediaType("http://x/a.png"), "Image");
  t.is(inferMediaType("http://x/a.JPG"), "Image");
  t.is(inferMediaType("http://x/a.mp4"), "Video");
  t.is(inferMediaType("http://x/a.mov"), "Video");
  t.is(inferMediaType("http://x/a.ico"), "Icon");
  t.is(inferMediaType("http://x/a.weird"), "Image");
});

test("spaces in urls are printed as %20", (t) => {
  t.is(printableUrl("http://x/a b c.png"), "http://x/a%20b%20c.png");
});

test("a url must be present and absolute", (t) => {
  t.is(requireUrl(" http://x/a.png "), "http://x/a.png");
  t.throws(() => requireUrl(undefined), { message: "url is required" });
  t.throws(() => requireUrl("not a url"), { message: "url is not a valid URL" });
});
