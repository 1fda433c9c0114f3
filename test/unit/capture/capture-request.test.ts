import test from "ava";
import { isoDuration, toCaptureOrder } from "../../../services/capture/services/capture-request.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

const input = {
  videoUrl: " http://h/v.mp4 ",
  elapsedTimeMillis: 1000,
  imageType: undefined,
  deinterlace: undefined,
  accurate: undefined,
  nokey: undefined,
};

test("defaults: jpg, accurate seeking, key frames not forced, no deinterlacing", (t) => {
  t.deepEqual(toCaptureOrder(input), {
    videoUrl: "http://h/v.mp4",
    elapsedMillis: 1000,
    imageType: "jpg",
    deinterlace: false,
    accurate: true,
    nokey: false,
  });
});

test("imageType accepts jpg, jpeg and png in any case; the jpg and png routes override it", (t) => {
  t.is(toCaptureOrder({ ...input, imageType: "JPEG" }).imageType, "jpg");
  t.is(toCaptureOrder({ ...input, imageType: "png" }).imageType, "png");
  t.is(toCaptureOrder({ ...input, imageType: "png", forcedImageType: "jpg" }).imageType, "jpg");
  const error = t.throws(() => toCaptureOrder({ ...input, imageType: "gif" }), { instanceOf: DomainError });
  t.is(error?.code, "INVALID_ARGUMENT");
  t.is(error?.metadata.field, "imageType");
});

test("nokey turns deinterlacing off", (t) => {
  t.true(toCaptureOrder({ ...input, deinterlace: true }).deinterlace);
  t.false(toCaptureOrder({ ...input, deinterlace: true, nokey: true }).deinterlace);
});

test("a missing videoUrl or elapsedTimeMillis, and a negative time, are 400s naming the field", (t) => {
  const cases = [
    [{ ...input, videoUrl: "" }, "videoUrl"],
    [{ ...input, elapsedTimeMillis: undefined }, "elapsedTimeMillis"],
    [{ ...input, elapsedTimeMillis: -1 }, "elapsedTimeMillis"],
  ] as const;
  for (const [bad, field] of cases) {
    const error = t.throws(() => toCaptureOrder(bad), { instanceOf: DomainError });
    t.is(error?.code, "INVALID_ARGUMENT");
    t.is(error?.metadata.field, field);
  }
});

test("elapsed times print as java.time.Duration does in the legacy messages", (t) => {
  t.is(isoDuration(0), "PT0S");
  t.is(isoDuration(1234), "PT1.234S");
  t.is(isoDuration(1500), "PT1.5S");
  t.is(isoDuration(10_000), "PT10S");
  t.is(isoDuration(62_345), "PT1M2.345S");
  t.is(isoDuration(3_600_000), "PT1H");
  t.is(isoDuration(3_720_000), "PT1H2M");
});
