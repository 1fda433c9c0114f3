import test from "ava";
import {
  at,
  BACKENDS,
  closeRegistries,
  mediaInput,
  openRegistry,
  rejectsWith,
  rowCounts,
  sha512Of,
  unique,
} from "./registry-harness.js";

test.after.always(closeRegistries);

for (const backend of BACKENDS) {
  test(`${backend}: createMedia stores every field of sequence, video and reference`, async (t) => {
    const registry = await openRegistry(backend);
    const sha512 = sha512Of("all");
    const input = mediaInput({
      start: at("2021-03-04T05:06:07.123456Z"),
      durationMillis: 64_185_148,
      container: "video/mp4",
      videoCodec: "h264",
      audioCodec: "aac",
      width: 1920,
      height: 1080,
      frameRate: 59.94005994005994,
      sizeBytes: 64_185_148_974,
      description: "the file",
      videoSequenceDescription: "the dive",
      videoDescription: "the recording",
      sha512: sha512.toUpperCase(),
    });
    const media = await registry.media.create(input);
    t.like(media, {
      videoSequenceName: input.videoSequenceName,
      cameraId: "cam-1",
      videoName: input.videoName,
      uri: input.uri,
      durationMillis: 64_185_148,
      container: "video/mp4",
      videoCodec: "h264",
      audioCodec: "aac",
      width: 1920,
      height: 1080,
      frameRate: 59.94005994005994,
      sizeBytes: 64_185_148_974,
      description: "the file",
      videoSequenceDescription: "the dive",
      videoDescription: "the recording",
      sha512,
    });
    t.is(media.start.toString(), "2021-03-04T05:06:07.123456Z");
    const reread = await registry.media.getByVideoReference(media.videoReferenceUuid);
    t.deepEqual(reread, media);
    const sequence = await registry.sequences.get(media.videoSequenceUuid);
    t.is(sequence.videos[0]?.videoReferences[0]?.uuid, media.videoReferenceUuid);
  });

  test(`${backend}: createMedia with a known sequence name adds a video to that sequence`, async (t) => {
    const registry = await openRegistry(backend);
    const first = await registry.media.create(mediaInput());
    const second = await registry.media.create(
      mediaInput({ videoSequenceName: first.videoSequenceName, cameraId: "ignored-camera" }),
    );
    t.is(second.videoSequenceUuid, first.videoSequenceUuid);
    t.is(second.cameraId, "cam-1");
    t.not(second.videoUuid, first.videoUuid);
    t.deepEqual(
      (await registry.media.listByVideoSequenceName(first.videoSequenceName)).map((m) => m.uri).sort(),
      [first.uri, second.uri].sort(),
    );
  });

  test(`${backend}: createMedia with a known video name and start attaches a second file to it`, async (t) => {
    const registry = await openRegistry(backend);
    const first = await registry.media.create(mediaInput());
    const second = await registry.media.create(
      mediaInput({ videoName: first.videoName, start: first.start, durationMillis: undefined }),
    );
    t.is(second.videoUuid, first.videoUuid);
    t.is(second.videoSequenceUuid, first.videoSequenceUuid);
    t.is((await registry.videos.get(first.videoUuid)).videoReferences.length, 2);
  });

  test(`${backend}: createMedia answers the media a read returns, whatever it joined`, async (t) => {
    const registry = await openRegistry(backend);
    const described = {
      start: at("2022-05-06T07:08:09.000001Z"),
      videoSequenceDescription: "the dive",
      videoDescription: "the recording",
      frameRate: 29.97002997002997,
      sizeBytes: 9_007_199_254_740_991,
    };
    const alone = await registry.media.create(mediaInput(described));
    const inSequence = await registry.media.create(
      mediaInput({
        ...described,
        videoSequenceName: alone.videoSequenceName,
        videoSequenceDescription: "other",
      }),
    );
    // The known video's own sequence, not the one the input names.
    const onVideo = await registry.media.create(
      mediaInput({ ...described, videoName: alone.videoName, videoSequenceName: unique("elsewhere") }),
    );
    t.is(inSequence.videoSequenceDescription, "the dive");
    t.is(onVideo.videoSequenceUuid, alone.videoSequenceUuid);
    for (const media of [alone, inSequence, onVideo]) {
      t.deepEqual(await registry.media.getByVideoReference(media.videoReferenceUuid), media);
    }
    t.deepEqual(await rowCounts(registry), { video_sequences: 1, videos: 2, video_references: 3 });
  });

  test(`${backend}: createMedia of a known URI returns the stored media unchanged`, async (t) => {
    const registry = await openRegistry(backend);
    const sha512 = sha512Of("same");
    const first = await registry.media.create(mediaInput({ sha512 }));
    const again = await registry.media.create(
      mediaInput({ uri: first.uri, sha512: Buffer.from(sha512, "hex").toString("base64"), width: 7 }),
    );
    t.deepEqual(again, first);
    const withoutDigest = await registry.media.create(mediaInput({ uri: first.uri }));
    t.deepEqual(withoutDigest, first);
  });

  test(`${backend}: createMedia conflicts are ALREADY_EXISTS with the legacy text and write nothing`, async (t) => {
    const registry = await openRegistry(backend);
    const first = await registry.media.create(mediaInput({ sha512: sha512Of("one") }));
    const before = await rowCounts(registry);
    await rejectsWith(
      t,
      registry.media.create(mediaInput({ uri: first.uri, sha512: sha512Of("two") })),
      "ALREADY_EXISTS",
      /exists, but it has a different checksum than the one you provided/,
    );
    await rejectsWith(
      t,
      registry.media.create(mediaInput({ videoName: first.videoName, start: at("2000-01-01T00:00:00Z") })),
      "ALREADY_EXISTS",
      /A video with name .* exists, but it has a different duration and\/or start time/,
    );
    await rejectsWith(
      t,
      registry.media.create(
        mediaInput({ videoName: first.videoName, start: first.start, durationMillis: 1 }),
      ),
      "ALREADY_EXISTS",
    );
    t.deepEqual(await rowCounts(registry), before);
  });

  test(`${backend}: createMedia refuses missing and malformed fields, naming them`, async (t) => {
    const registry = await openRegistry(backend);
    await rejectsWith(
      t,
      registry.media.create({ uri: "http://example.org/x.mp4" }),
      "INVALID_ARGUMENT",
      /video_sequence_name, camera_id, video_name, start_timestamp/,
    );
    await rejectsWith(
      t,
      registry.media.create(mediaInput({ uri: "not a uri" })),
      "INVALID_ARGUMENT",
      /Invalid URI/,
    );
    await rejectsWith(t, registry.media.create(mediaInput({ sha512: "abc" })), "INVALID_ARGUMENT", /sha512/);
    await rejectsWith(
      t,
      registry.media.create(mediaInput({ durationMillis: -1 })),
      "INVALID_ARGUMENT",
      /duration/,
    );
    await rejectsWith(
      t,
      registry.media.create(mediaInput({ videoName: "v".repeat(513) })),
      "INVALID_ARGUMENT",
      /video_name/,
    );
    t.deepEqual(await rowCounts(registry), { video_sequences: 0, videos: 0, video_references: 0 });
  });

  test(`${backend}: 20 concurrent creates of the same media all succeed with one record`, async (t) => {
    const registry = await openRegistry(backend);
    const input = mediaInput({ sha512: sha512Of("race") });
    const results = await Promise.all(Array.from({ length: 20 }, () => registry.media.create(input)));
    t.is(new Set(results.map((media) => media.videoReferenceUuid)).size, 1);
    t.deepEqual(await rowCounts(registry), { video_sequences: 1, videos: 1, video_references: 1 });
  });

  test(`${backend}: concurrent creates of different media in one new sequence share the sequence`, async (t) => {
    const registry = await openRegistry(backend);
    const videoSequenceName = unique("shared");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => registry.media.create(mediaInput({ videoSequenceName }))),
    );
    t.is(new Set(results.map((media) => media.videoSequenceUuid)).size, 1);
    t.deepEqual(await rowCounts(registry), { video_sequences: 1, videos: 10, video_references: 10 });
  });
}
