import test from "ava";
import { at, BACKENDS, closeAnnotationTestStorages } from "../../support/annotation/annotation-storage.js";
import { newVideo, openAnnotationsServices } from "../../support/annotation/annotations-services.js";

test.after.always(closeAnnotationTestStorages);

for (const backend of BACKENDS) {
  test(`${backend}: video reference info CRUD, lookups and one record per video reference`, async (t) => {
    const { videoReferenceInfos: infos } = await openAnnotationsServices(backend);
    const video = newVideo();
    const created = await infos.create({
      videoReferenceUuid: video.toUpperCase(),
      platformName: "Ventana",
      missionId: "V1234",
      missionContact: "Brian",
    });
    t.like(created, { videoReferenceUuid: video, platformName: "Ventana", missionId: "V1234" });
    await infos.create({ videoReferenceUuid: newVideo(), platformName: "Doc Ricketts", missionId: "D1" });
    await t.throwsAsync(infos.create({ videoReferenceUuid: video, platformName: "x", missionId: "y" }), {
      code: "ALREADY_EXISTS",
    } as never);
    await t.throwsAsync(infos.create({ videoReferenceUuid: newVideo(), platformName: "x" }), {
      message: "mission_id is required",
    });
    t.is((await infos.get(created.uuid)).uuid, created.uuid);
    t.is((await infos.getByVideoReference(video)).uuid, created.uuid);
    t.deepEqual(await infos.listMissionIds(), ["D1", "V1234"]);
    t.is((await infos.listVideoReferenceUuids()).length, 2);
    t.deepEqual(await infos.listMissionContacts(), ["Brian"]);
    t.deepEqual(
      (await infos.listByMissionId("V1234")).map((info) => info.uuid),
      [created.uuid],
    );
    t.deepEqual(
      (await infos.listByMissionContact("Brian")).map((info) => info.uuid),
      [created.uuid],
    );
    t.is((await infos.list()).length, 2);
    t.is((await infos.list(1, 1)).length, 1);
    const other = await infos.create({ videoReferenceUuid: newVideo(), platformName: "x", missionId: "z" });
    await t.throwsAsync(infos.update(created.uuid, { videoReferenceUuid: other.videoReferenceUuid }), {
      code: "ALREADY_EXISTS",
    } as never);
    await t.throwsAsync(infos.update(created.uuid, { platformName: " " }), {
      message: "platform_name must not be blank",
    });
    const updated = await infos.update(created.uuid, { missionContact: "Kyra" });
    t.like(updated, { missionContact: "Kyra", missionId: "V1234" });
    await infos.delete(created.uuid);
    await t.throwsAsync(infos.get(created.uuid), { message: "Not found" });
    await t.throwsAsync(infos.delete(created.uuid), { code: "NOT_FOUND" } as never);
  });

  test(`${backend}: indices list by video and tape-time sets recorded timestamps of known moments only`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const created = await anno.creates.createMany(
      [0, 1000, 2000].map((elapsed) => ({
        videoReferenceUuid: video,
        concept: "x",
        elapsedTimeMillis: elapsed,
      })),
    );
    const moments = [...new Set(created.map((annotation) => annotation.moment.moment.uuid))].sort();
    const listed = await anno.indices.listByVideoReference(video);
    t.deepEqual(
      listed.map((moment) => moment.uuid),
      moments,
    );
    t.is((await anno.indices.listByVideoReference(video, 2, 1)).length, 2);
    const start = at("1968-09-22T02:00:00Z");
    const updated = await anno.indices.updateRecordedTimestamps([
      ...listed.map((moment) => ({
        uuid: moment.uuid,
        recordedTimestamp: start.plusMillis((moment.elapsedTimeMillis ?? 0) + 0.001),
      })),
      { uuid: newVideo(), recordedTimestamp: start },
      { uuid: moments[0] },
    ]);
    t.is(updated.length, 3);
    for (const moment of updated) {
      t.is(
        moment.recordedTimestamp?.epochMicros,
        start.epochMicros + (moment.elapsedTimeMillis ?? 0) * 1000 + 1,
      );
    }
    await t.throwsAsync(anno.indices.updateRecordedTimestamps([{ uuid: "bad" }]), {
      message: "indices[0].uuid is not a valid UUID: bad",
    });
  });
}
