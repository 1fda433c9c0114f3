import test from "ava";
import {
  at,
  BACKENDS,
  closeRegistries,
  mediaInput,
  openRegistry,
  rejectsWith,
  rowCounts,
  unique,
} from "./registry-harness.js";

test.after.always(closeRegistries);

const UNKNOWN = "0190b8a4-0000-7000-8000-000000000000";

for (const backend of BACKENDS) {
  test(`${backend}: createVideo takes start or start_timestamp (start wins) and is create-or-get by name`, async (t) => {
    const registry = await openRegistry(backend);
    const sequence = await registry.sequences.create({ name: unique("seq"), cameraId: "cam" });
    const name = unique("vid");
    const created = await registry.videos.create({
      name,
      videoSequenceUuid: sequence.uuid,
      start: at("2020-01-01T00:00:00.000001Z"),
      startTimestamp: at("1999-01-01T00:00:00Z"),
      durationMillis: 1000,
      description: "d",
    });
    t.like(created, { name, videoSequenceUuid: sequence.uuid, durationMillis: 1000, description: "d" });
    t.is(created.start.toString(), "2020-01-01T00:00:00.000001Z");
    const byAlias = await registry.videos.create({
      name: unique("vid"),
      videoSequenceUuid: sequence.uuid,
      startTimestamp: at("2021-01-01T00:00:00Z"),
      durationMillis: 0,
    });
    t.is(byAlias.start.toString(), "2021-01-01T00:00:00Z");
    t.is(byAlias.durationMillis, 0);
    const again = await registry.videos.create({
      name,
      videoSequenceUuid: sequence.uuid,
      start: at("2000-01-01T00:00:00Z"),
      durationMillis: 5,
    });
    t.deepEqual(again, created);
  });

  test(`${backend}: createVideo refuses missing fields and unknown sequences`, async (t) => {
    const registry = await openRegistry(backend);
    await rejectsWith(
      t,
      registry.videos.create({ name: "v" }),
      "INVALID_ARGUMENT",
      /video_sequence_uuid, start_timestamp, duration_millis/,
    );
    await rejectsWith(
      t,
      registry.videos.create({ name: "v", videoSequenceUuid: UNKNOWN, start: at("2020-01-01T00:00:00Z") }),
      "INVALID_ARGUMENT",
      /^duration_millis is required$/,
    );
    await rejectsWith(
      t,
      registry.videos.create({
        name: "v",
        videoSequenceUuid: UNKNOWN,
        start: at("2020-01-01T00:00:00Z"),
        durationMillis: 1,
      }),
      "NOT_FOUND",
      new RegExp(`VideoSequence ${UNKNOWN} not found`),
    );
    await rejectsWith(
      t,
      registry.videos.create({
        name: "v",
        videoSequenceUuid: "x",
        start: at("2020-01-01T00:00:00Z"),
        durationMillis: 1,
      }),
      "INVALID_ARGUMENT",
      /video_sequence_uuid/,
    );
  });

  test(`${backend}: videos are found by uuid, reference, name and sequence`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput({ start: at("2020-01-02T00:00:00Z") }));
    const earlier = await registry.media.create(
      mediaInput({ videoSequenceName: media.videoSequenceName, start: at("2020-01-01T00:00:00Z") }),
    );
    const video = await registry.videos.get(media.videoUuid);
    t.is(video.videoReferences[0]?.uri, media.uri);
    // The same record whichever way it is found (read as data: one read builds entities, another rows).
    t.deepEqual(
      structuredClone(await registry.videos.getByVideoReference(media.videoReferenceUuid)),
      structuredClone(video),
    );
    t.deepEqual(structuredClone(await registry.videos.listByName(media.videoName)), [structuredClone(video)]);
    t.deepEqual(await registry.videos.listByName("none-such"), []);
    const bySequence = await registry.videos.listBySequence(media.videoSequenceUuid);
    t.deepEqual(
      bySequence.map((item) => item.uuid),
      [earlier.videoUuid, media.videoUuid],
    );
    t.deepEqual(await registry.videos.listBySequenceName(media.videoSequenceName), bySequence);
    t.deepEqual(
      await registry.videos.listNamesBySequenceName(media.videoSequenceName),
      [media.videoName, earlier.videoName].sort(),
    );
    t.deepEqual(await registry.videos.listNamesBySequenceName("none-such"), []);
    await rejectsWith(t, registry.videos.listBySequenceName("none-such"), "NOT_FOUND", /^Not found$/);
    await rejectsWith(t, registry.videos.listBySequence(UNKNOWN), "NOT_FOUND");
    await rejectsWith(t, registry.videos.get(UNKNOWN), "NOT_FOUND", new RegExp(`Video ${UNKNOWN} not found`));
    await rejectsWith(t, registry.videos.getByVideoReference(UNKNOWN), "NOT_FOUND");
    t.true((await registry.videos.getLastUpdatedTime(media.videoUuid)).equals(video.lastUpdatedTime));
  });

  test(`${backend}: videos by time cover t within the window; by range start within it, inclusive`, async (t) => {
    const registry = await openRegistry(backend);
    const covering = await registry.media.create(
      mediaInput({ start: at("2020-06-01T00:00:00Z"), durationMillis: 600_000 }),
    );
    await registry.media.create(mediaInput({ start: at("2020-06-01T00:04:00Z"), durationMillis: undefined }));
    await registry.media.create(mediaInput({ start: at("2020-06-01T00:06:00Z"), durationMillis: 600_000 }));
    for (const text of [
      "2020-06-01T00:05:00Z",
      "20200601T000500Z",
      "20200601T000500.000Z",
      "20200601T000500.000000Z",
    ]) {
      t.deepEqual(
        (await registry.videos.listByTime(at(text))).map((video) => video.uuid),
        [covering.videoUuid],
        text,
      );
    }
    const range = await registry.videos.listByTimeRange(
      at("2020-06-01T00:00:00Z"),
      at("2020-06-01T00:04:00Z"),
    );
    t.is(range.length, 2);
    t.is(range[0]?.uuid, covering.videoUuid);
    await rejectsWith(
      t,
      registry.videos.listByTimeRange(undefined, at("2020-06-01T00:04:00Z")),
      "INVALID_ARGUMENT",
    );
  });

  test(`${backend}: listVideos pages in start order`, async (t) => {
    const registry = await openRegistry(backend);
    const starts = ["2020-01-03T00:00:00Z", "2020-01-01T00:00:00Z", "2020-01-02T00:00:00Z"];
    for (const start of starts) await registry.media.create(mediaInput({ start: at(start) }));
    t.deepEqual(
      (await registry.videos.list()).map((video) => video.start.toString()),
      [...starts].sort(),
    );
    t.deepEqual(
      (await registry.videos.list(2, 1)).map((video) => video.start.toString()),
      ["2020-01-02T00:00:00Z", "2020-01-03T00:00:00Z"],
    );
    t.deepEqual(await registry.videos.list(0), []);
  });

  test(`${backend}: updateVideo renames, moves between sequences and bumps last_updated_time`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const target = await registry.sequences.create({ name: unique("seq"), cameraId: "cam" });
    const before = await registry.videos.getLastUpdatedTime(media.videoUuid);
    const name = unique("vid");
    const updated = await registry.videos.update(media.videoUuid, {
      name,
      videoSequenceUuid: target.uuid,
      startTimestamp: at("2011-11-11T11:11:11.111111Z"),
      durationMillis: 5,
    });
    t.like(updated, { name, videoSequenceUuid: target.uuid, durationMillis: 5 });
    t.is(updated.start.toString(), "2011-11-11T11:11:11.111111Z");
    t.true(updated.lastUpdatedTime.compare(before) > 0);
    t.is((await registry.media.getByVideoReference(media.videoReferenceUuid)).videoSequenceName, target.name);
  });

  test(`${backend}: updateVideo refuses a taken name, an unknown sequence and an unknown video`, async (t) => {
    const registry = await openRegistry(backend);
    const a = await registry.media.create(mediaInput());
    const b = await registry.media.create(mediaInput());
    await rejectsWith(t, registry.videos.update(b.videoUuid, { name: a.videoName }), "ALREADY_EXISTS");
    await rejectsWith(t, registry.videos.update(b.videoUuid, { videoSequenceUuid: UNKNOWN }), "NOT_FOUND");
    await rejectsWith(t, registry.videos.update(UNKNOWN, { name: "x" }), "NOT_FOUND");
    await rejectsWith(t, registry.videos.update(b.videoUuid, { durationMillis: -5 }), "INVALID_ARGUMENT");
    t.deepEqual(await registry.media.getByVideoReference(b.videoReferenceUuid), b);
  });

  test(`${backend}: deleteVideo cascades to its references and keeps the sequence`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    await registry.videos.delete(media.videoUuid);
    t.deepEqual(await rowCounts(registry), { video_sequences: 1, videos: 0, video_references: 0 });
    await rejectsWith(t, registry.videos.delete(media.videoUuid), "NOT_FOUND");
  });
}
