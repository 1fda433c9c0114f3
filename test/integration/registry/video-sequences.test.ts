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
  test(`${backend}: createVideoSequence is create-or-get by name and requires name and camera`, async (t) => {
    const registry = await openRegistry(backend);
    const name = unique("seq");
    const created = await registry.sequences.create({ name, cameraId: "cam-1", description: "d" });
    t.like(created, { name, cameraId: "cam-1", description: "d", videos: [] });
    t.deepEqual(await registry.sequences.create({ name, cameraId: "cam-2" }), created);
    await rejectsWith(t, registry.sequences.create({ name: " " }), "INVALID_ARGUMENT", /name, camera_id/);
    await rejectsWith(
      t,
      registry.sequences.create({ cameraId: "c" }),
      "INVALID_ARGUMENT",
      /^name is required$/,
    );
  });

  test(`${backend}: 10 concurrent creates of one sequence return the same record`, async (t) => {
    const registry = await openRegistry(backend);
    const name = unique("seq");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => registry.sequences.create({ name, cameraId: "cam" })),
    );
    t.is(new Set(results.map((sequence) => sequence.uuid)).size, 1);
  });

  test(`${backend}: sequences are found by uuid, name and video reference, with videos by start and files by uri`, async (t) => {
    const registry = await openRegistry(backend);
    const late = await registry.media.create(mediaInput({ start: at("2020-01-02T00:00:00Z") }));
    const videoSequenceName = late.videoSequenceName;
    const early = await registry.media.create(
      mediaInput({ videoSequenceName, start: at("2020-01-01T00:00:00Z"), uri: "http://example.org/z.mp4" }),
    );
    await registry.media.create(
      mediaInput({ videoName: early.videoName, start: early.start, uri: "http://example.org/a.mp4" }),
    );
    const sequence = await registry.sequences.get(late.videoSequenceUuid);
    t.deepEqual(
      sequence.videos.map((video) => video.uuid),
      [early.videoUuid, late.videoUuid],
    );
    t.deepEqual(
      sequence.videos[0]?.videoReferences.map((reference) => reference.uri),
      ["http://example.org/a.mp4", "http://example.org/z.mp4"],
    );
    // The same record whichever way it is found (read as data: one read builds entities, another rows).
    t.deepEqual(
      structuredClone(await registry.sequences.getByName(videoSequenceName)),
      structuredClone(sequence),
    );
    t.deepEqual(
      structuredClone(await registry.sequences.getByVideoReference(early.videoReferenceUuid)),
      structuredClone(sequence),
    );
    await rejectsWith(
      t,
      registry.sequences.get(UNKNOWN),
      "NOT_FOUND",
      new RegExp(`VideoSequence ${UNKNOWN} not found`),
    );
    await rejectsWith(t, registry.sequences.getByName("none-such"), "NOT_FOUND");
    await rejectsWith(t, registry.sequences.getByVideoReference(UNKNOWN), "NOT_FOUND");
    await rejectsWith(t, registry.sequences.get("not-a-uuid"), "INVALID_ARGUMENT", /uuid/);
  });

  test(`${backend}: names, names by camera, camera ids and pages are sorted`, async (t) => {
    const registry = await openRegistry(backend);
    for (const [name, cameraId] of [
      ["b-seq", "cam-2"],
      ["a-seq", "cam-2"],
      ["C-seq", "cam-1"],
      ["c-seq", "cam-1"],
    ]) {
      await registry.sequences.create({ name, cameraId });
    }
    t.deepEqual(await registry.sequences.listNames(), ["C-seq", "a-seq", "b-seq", "c-seq"]);
    t.deepEqual(await registry.sequences.listNamesByCamera("cam-2"), ["a-seq", "b-seq"]);
    t.deepEqual(await registry.sequences.listCameraIds(), ["cam-1", "cam-2"]);
    t.deepEqual(
      (await registry.sequences.listByCamera("cam-1")).map((sequence) => sequence.name),
      ["C-seq", "c-seq"],
    );
    t.deepEqual(
      (await registry.sequences.list(2, 1)).map((sequence) => sequence.name),
      ["a-seq", "b-seq"],
    );
    t.is((await registry.sequences.list()).length, 4);
    await rejectsWith(t, registry.sequences.list(-1), "INVALID_ARGUMENT", /limit/);
    await rejectsWith(t, registry.sequences.list(undefined, -1), "INVALID_ARGUMENT", /offset/);
  });

  test(`${backend}: empty sequence names list sequences without any video reference`, async (t) => {
    const registry = await openRegistry(backend);
    t.deepEqual(await registry.sequences.listEmptyNames(), []);
    await registry.media.create(mediaInput());
    t.deepEqual(await registry.sequences.listEmptyNames(), []);
    const empty = await registry.sequences.create({ name: "b-empty", cameraId: "cam" });
    const withVideo = await registry.sequences.create({ name: "a-video-only", cameraId: "cam" });
    await registry.videos.create({
      name: unique("vid"),
      videoSequenceUuid: withVideo.uuid,
      start: at("2020-01-01T00:00:00Z"),
      durationMillis: 1000,
    });
    t.deepEqual(await registry.sequences.listEmptyNames(), [withVideo.name, empty.name]);
  });

  test(`${backend}: camera and time lists the camera's sequences with a video covering t`, async (t) => {
    const registry = await openRegistry(backend);
    const cameraId = unique("cam");
    const media = await registry.media.create(
      mediaInput({ cameraId, start: at("2020-06-01T00:00:00Z"), durationMillis: 600_000 }),
    );
    const found = await registry.sequences.listByCameraAndTime(cameraId, at("20200601T000500Z"));
    t.deepEqual(
      found.map((sequence) => sequence.uuid),
      [media.videoSequenceUuid],
    );
    t.deepEqual(await registry.sequences.listByCameraAndTime(cameraId, at("2020-06-01T00:10:00.001Z")), []);
    t.deepEqual(await registry.sequences.listByCameraAndTime("other", at("20200601T000500Z")), []);
  });

  test(`${backend}: updateVideoSequence applies the fields present and bumps last_updated_time`, async (t) => {
    const registry = await openRegistry(backend);
    const created = await registry.sequences.create({ name: unique("seq"), cameraId: "cam" });
    const before = await registry.sequences.getLastUpdatedTime(created.uuid);
    t.true(before.equals(created.lastUpdatedTime));
    const name = unique("renamed");
    const updated = await registry.sequences.update(created.uuid, { name, description: "new" });
    t.like(updated, { uuid: created.uuid, name, cameraId: "cam", description: "new" });
    const after = await registry.sequences.getLastUpdatedTime(created.uuid);
    t.true(after.compare(before) > 0);
    const unchanged = await registry.sequences.update(created.uuid, { name });
    t.true(unchanged.lastUpdatedTime.equals(after));
  });

  test(`${backend}: updateVideoSequence refuses a taken name, unknown uuids and blank values`, async (t) => {
    const registry = await openRegistry(backend);
    const a = await registry.sequences.create({ name: unique("a"), cameraId: "cam" });
    const b = await registry.sequences.create({ name: unique("b"), cameraId: "cam" });
    await rejectsWith(
      t,
      registry.sequences.update(b.uuid, { name: a.name }),
      "ALREADY_EXISTS",
      /already exists/,
    );
    await rejectsWith(t, registry.sequences.update(UNKNOWN, { name: "x" }), "NOT_FOUND");
    await rejectsWith(
      t,
      registry.sequences.update(b.uuid, { cameraId: "" }),
      "INVALID_ARGUMENT",
      /camera_id/,
    );
    t.deepEqual(await registry.sequences.get(b.uuid), b);
  });

  test(`${backend}: deleteVideoSequence cascades to videos and references`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const kept = await registry.media.create(mediaInput());
    await registry.sequences.delete(media.videoSequenceUuid);
    await rejectsWith(t, registry.videos.get(media.videoUuid), "NOT_FOUND");
    await rejectsWith(t, registry.references.get(media.videoReferenceUuid), "NOT_FOUND");
    t.deepEqual(await rowCounts(registry), { video_sequences: 1, videos: 1, video_references: 1 });
    t.deepEqual(await registry.media.getByVideoReference(kept.videoReferenceUuid), kept);
    await rejectsWith(t, registry.sequences.delete(media.videoSequenceUuid), "NOT_FOUND");
  });
}
