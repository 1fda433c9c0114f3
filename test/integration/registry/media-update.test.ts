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
  test(`${backend}: updateMedia by uuid applies only the reference fields present`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(
      mediaInput({ width: 1920, height: 1080, container: "video/mp4" }),
    );
    const uri = `${media.uri}.renamed`;
    const sha512 = sha512Of("new");
    const updated = await registry.mediaUpdate.update(media.videoReferenceUuid, {
      uri,
      width: 640,
      sha512: Buffer.from(sha512, "hex").toString("base64"),
      description: "renamed",
    });
    t.like(updated, {
      videoReferenceUuid: media.videoReferenceUuid,
      videoUuid: media.videoUuid,
      videoSequenceUuid: media.videoSequenceUuid,
      uri,
      width: 640,
      height: 1080,
      container: "video/mp4",
      sha512,
      description: "renamed",
    });
  });

  test(`${backend}: updateMedia with the same names changes the video's start and duration in place`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const updated = await registry.mediaUpdate.update(media.videoReferenceUuid, {
      videoSequenceName: media.videoSequenceName,
      cameraId: "cam-renamed",
      videoName: media.videoName,
      start: at("2020-01-01T00:00:00.5Z"),
      durationMillis: 5000,
      videoDescription: "moved start",
    });
    t.like(updated, { videoUuid: media.videoUuid, cameraId: "cam-renamed", durationMillis: 5000 });
    t.is(updated.start.toString(), "2020-01-01T00:00:00.500Z");
    t.is(updated.videoDescription, "moved start");
  });

  test(`${backend}: updateMedia located by sha512 moves the reference to a new sequence and video`, async (t) => {
    const registry = await openRegistry(backend);
    const sha512 = sha512Of("locate");
    const media = await registry.media.create(mediaInput({ sha512 }));
    const videoSequenceName = unique("seq");
    const videoName = unique("vid");
    const updated = await registry.mediaUpdate.update(undefined, {
      sha512: sha512.toUpperCase(),
      videoSequenceName,
      cameraId: "cam-new",
      videoName,
      start: at("2022-02-02T00:00:00Z"),
    });
    t.is(updated.videoReferenceUuid, media.videoReferenceUuid);
    t.not(updated.videoUuid, media.videoUuid);
    t.not(updated.videoSequenceUuid, media.videoSequenceUuid);
    t.like(updated, { videoSequenceName, cameraId: "cam-new", videoName });
    t.is(updated.start.toString(), "2022-02-02T00:00:00Z");
    // Emptied videos and sequences are kept.
    t.deepEqual((await registry.videos.get(media.videoUuid)).videoReferences, []);
  });

  test(`${backend}: updateMedia to a new video name in the same sequence needs a start`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    await rejectsWith(
      t,
      registry.mediaUpdate.update(media.videoReferenceUuid, { videoName: unique("vid") }),
      "INVALID_ARGUMENT",
      /moving to a new Video, but no new startTimestamp was provided/,
    );
    const videoName = unique("vid");
    const updated = await registry.mediaUpdate.update(media.videoReferenceUuid, {
      videoName,
      start: at("2020-05-05T00:00:00Z"),
      durationMillis: 10,
    });
    t.like(updated, { videoName, videoSequenceUuid: media.videoSequenceUuid, durationMillis: 10 });
  });

  test(`${backend}: updateMedia to an existing video name moves the reference and updates that video`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const other = await registry.media.create(mediaInput({ videoSequenceName: media.videoSequenceName }));
    const updated = await registry.mediaUpdate.update(media.videoReferenceUuid, {
      videoName: other.videoName,
      durationMillis: 123,
    });
    t.like(updated, { videoUuid: other.videoUuid, videoName: other.videoName, durationMillis: 123 });
    t.is((await registry.videos.get(other.videoUuid)).videoReferences.length, 2);
  });

  test(`${backend}: updateMedia with only a new sequence name updates that sequence but keeps the video`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const target = await registry.sequences.create({ name: unique("seq"), cameraId: "cam-a" });
    const updated = await registry.mediaUpdate.update(media.videoReferenceUuid, {
      videoSequenceName: target.name,
      cameraId: "cam-b",
    });
    t.is(updated.videoSequenceUuid, media.videoSequenceUuid);
    t.is((await registry.sequences.get(target.uuid)).cameraId, "cam-b");
    await rejectsWith(
      t,
      registry.mediaUpdate.update(media.videoReferenceUuid, { videoSequenceName: unique("seq") }),
      "INVALID_ARGUMENT",
      /camera_id/,
    );
  });

  test(`${backend}: updateMedia of unknown media is NOT_FOUND "Media not found"`, async (t) => {
    const registry = await openRegistry(backend);
    await rejectsWith(
      t,
      registry.mediaUpdate.update("0190b8a4-0000-7000-8000-000000000000", { width: 1 }),
      "NOT_FOUND",
      /^Media not found$/,
    );
    await rejectsWith(t, registry.mediaUpdate.update(undefined, { sha512: sha512Of("none") }), "NOT_FOUND");
    await rejectsWith(
      t,
      registry.mediaUpdate.update(undefined, { width: 1 }),
      "INVALID_ARGUMENT",
      /^sha512 is required$/,
    );
    await rejectsWith(
      t,
      registry.mediaUpdate.update("nope", { width: 1 }),
      "INVALID_ARGUMENT",
      /video_reference_uuid/,
    );
  });

  test(`${backend}: an updateMedia failing after creating a sequence and a video leaves neither behind`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const taken = await registry.media.create(mediaInput());
    const before = await rowCounts(registry);
    await rejectsWith(
      t,
      registry.mediaUpdate.update(media.videoReferenceUuid, {
        videoSequenceName: unique("seq"),
        cameraId: "cam",
        videoName: unique("vid"),
        start: at("2020-01-01T00:00:00Z"),
        uri: taken.uri,
      }),
      "ALREADY_EXISTS",
      /URI/,
    );
    t.deepEqual(await rowCounts(registry), before);
    t.deepEqual(await registry.media.getByVideoReference(media.videoReferenceUuid), media);
  });
}
