import test from "ava";
import {
  at,
  BACKENDS,
  closeRegistries,
  mediaInput,
  openRegistry,
  rejectsWith,
  unique,
} from "./registry-harness.js";

test.after.always(closeRegistries);

for (const backend of BACKENDS) {
  test(`${backend}: moveMedia to a new name creates the video in the same sequence and deletes the emptied one`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const videoName = unique("vid");
    const moved = await registry.mediaMove.move(media.videoReferenceUuid, {
      videoName,
      start: at("2023-03-03T00:00:00Z"),
      durationMillis: 1000,
    });
    t.like(moved, { videoName, videoSequenceUuid: media.videoSequenceUuid, durationMillis: 1000 });
    t.not(moved.videoUuid, media.videoUuid);
    await rejectsWith(t, registry.videos.get(media.videoUuid), "NOT_FOUND");
  });

  test(`${backend}: moveMedia keeps the old video when other files remain in it`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    await registry.media.create(mediaInput({ videoName: media.videoName, start: media.start }));
    const moved = await registry.mediaMove.move(media.videoReferenceUuid, {
      videoName: unique("vid"),
      start: at("2023-03-03T00:00:00Z"),
      durationMillis: 1000,
    });
    t.not(moved.videoUuid, media.videoUuid);
    t.is((await registry.videos.get(media.videoUuid)).videoReferences.length, 1);
  });

  test(`${backend}: moveMedia onto an existing video with the same start and duration joins it`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const target = await registry.media.create(mediaInput({ start: at("2001-01-01T00:00:00.000001Z") }));
    const moved = await registry.mediaMove.move(media.videoReferenceUuid, {
      videoName: target.videoName,
      start: target.start,
      durationMillis: target.durationMillis ?? undefined,
    });
    t.is(moved.videoUuid, target.videoUuid);
    // Moving onto an existing video keeps the emptied one (legacy behaviour).
    t.deepEqual((await registry.videos.get(media.videoUuid)).videoReferences, []);
  });

  test(`${backend}: moveMedia to the current video name changes nothing`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const moved = await registry.mediaMove.move(media.videoReferenceUuid, {
      videoName: media.videoName,
      start: at("1999-01-01T00:00:00Z"),
      durationMillis: 1,
    });
    t.deepEqual(moved, media);
  });

  test(`${backend}: moveMedia conflicts, unknown references and missing fields are refused`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const target = await registry.media.create(mediaInput());
    await rejectsWith(
      t,
      registry.mediaMove.move(media.videoReferenceUuid, {
        videoName: target.videoName,
        start: at("2000-01-01T00:00:00Z"),
        durationMillis: target.durationMillis ?? undefined,
      }),
      "ALREADY_EXISTS",
      /different duration and\/or start time/,
    );
    await rejectsWith(
      t,
      registry.mediaMove.move("0190b8a4-0000-7000-8000-000000000000", {
        videoName: "x",
        start: at("2000-01-01T00:00:00Z"),
        durationMillis: 1,
      }),
      "NOT_FOUND",
      /^Media not found$/,
    );
    await rejectsWith(
      t,
      registry.mediaMove.move(media.videoReferenceUuid, { videoName: "x" }),
      "INVALID_ARGUMENT",
      /start_timestamp, duration_millis/,
    );
    t.deepEqual(await registry.media.getByVideoReference(media.videoReferenceUuid), media);
  });
}
