import test from "ava";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { Instant } from "../../../services/kit/time/instant.js";
import type { MediaView } from "../../../services/registry/entities/registry.views.js";
import { instantOf, mediaInputOf, toMedia } from "../../../services/registry/shared/registry.mapper.js";

const view: MediaView = {
  videoSequenceUuid: "s",
  videoUuid: "v",
  videoReferenceUuid: "r",
  videoSequenceName: "seq",
  cameraId: "cam",
  videoName: "vid",
  uri: "http://example.org/x.mp4",
  start: Instant.ofEpochMicros(1_577_836_800_123_456),
  durationMillis: null,
  container: null,
  videoCodec: "h264",
  audioCodec: null,
  width: 0,
  height: null,
  frameRate: null,
  sizeBytes: null,
  description: null,
  videoSequenceDescription: null,
  videoDescription: null,
  sha512: null,
};

test("media absent fields are left undefined and timestamps keep their microseconds", (t) => {
  const media = toMedia(view);
  t.deepEqual(media.startTimestamp, { seconds: 1_577_836_800, nanos: 123_456_000 });
  t.is(media.width, 0);
  t.is(media.videoCodec, "h264");
  t.false(Object.values(media).includes(null));
  t.is(media.durationMillis, undefined);
});

test("media input ignores uuids and converts the start", (t) => {
  const input = mediaInputOf({
    videoReferenceUuid: "ignored",
    videoUuid: "ignored",
    uri: "http://example.org/x.mp4",
    startTimestamp: { seconds: 1, nanos: 999_999_999 },
  });
  t.false("videoReferenceUuid" in input);
  t.is(input.start?.toString(), "1970-01-01T00:00:01.999999Z");
  t.is(input.uri, "http://example.org/x.mp4");
  t.deepEqual(mediaInputOf(undefined), {});
});

test("an absent timestamp is undefined; one out of range is INVALID_ARGUMENT naming the field", (t) => {
  t.is(instantOf(undefined, "start_timestamp"), undefined);
  const error = t.throws(() => instantOf({ seconds: 1e12, nanos: 0 }, "start_timestamp"));
  t.true(error instanceof DomainError);
  t.is((error as DomainError).code, "INVALID_ARGUMENT");
  t.is((error as DomainError).metadata.field, "start_timestamp");
});
