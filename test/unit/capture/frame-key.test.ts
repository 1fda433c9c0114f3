import test from "ava";
import {
  frameFileName,
  keyText,
  parseFrameFileName,
  videoFolder,
} from "../../../services/capture/cache/frame-key.js";

test("frame files are named HH_MM_SS.mmm with a _deinterlaced suffix, as the legacy cache named them", (t) => {
  t.is(frameFileName({ elapsedMillis: 1234, imageType: "jpg", deinterlaced: false }), "00_00_01.234.jpg");
  t.is(frameFileName({ elapsedMillis: 1234, imageType: "png", deinterlaced: false }), "00_00_01.234.png");
  t.is(
    frameFileName({ elapsedMillis: 1234, imageType: "jpg", deinterlaced: true }),
    "00_00_01.234_deinterlaced.jpg",
  );
  t.is(
    frameFileName({ elapsedMillis: 21_904_321, imageType: "jpg", deinterlaced: false }),
    "06_05_04.321.jpg",
  );
  t.is(
    frameFileName({ elapsedMillis: 90_000_000, imageType: "jpg", deinterlaced: false }),
    "25_00_00.000.jpg",
  );
});

test("file names parse back to the same frame; partial and stray files do not parse", (t) => {
  for (const frame of [
    { elapsedMillis: 0, imageType: "jpg" as const, deinterlaced: false },
    { elapsedMillis: 3_723_456, imageType: "png" as const, deinterlaced: true },
    { elapsedMillis: 360_000_001, imageType: "jpg" as const, deinterlaced: true },
  ]) {
    t.deepEqual(parseFrameFileName(frameFileName(frame)), frame);
  }
  for (const name of [
    ".00_00_01.234.ab12.part.jpg",
    "00_00_01.234.gif",
    "00_61_00.000.jpg",
    "../x.jpg",
    "source-url.txt",
  ]) {
    t.is(parseFrameFileName(name), undefined, name);
  }
});

test("a video's folder is two hex levels from its URL, so no URL can name a path", (t) => {
  for (const url of ["http://h/../../etc/passwd", "file:///a/b", "http://h/a?q=/../..", "http://h/%2e%2e/"]) {
    const [prefix, digest] = videoFolder(url);
    t.regex(digest, /^[0-9a-f]{64}$/);
    t.is(prefix, digest.slice(0, 2));
  }
  t.not(videoFolder("http://h/v.mp4")[1], videoFolder("https://h/v.mp4")[1]);
  t.not(videoFolder("http://h/v.mp4?a=1")[1], videoFolder("http://h/v.mp4?a=2")[1]);
});

test("keys differ by image type and by deinterlacing", (t) => {
  const key = {
    videoUrl: "http://h/v.mp4",
    elapsedMillis: 1,
    imageType: "jpg" as const,
    deinterlaced: false,
  };
  const texts = new Set([
    keyText(key),
    keyText({ ...key, imageType: "png" }),
    keyText({ ...key, deinterlaced: true }),
    keyText({ ...key, elapsedMillis: 2 }),
  ]);
  t.is(texts.size, 4);
});
