import test from "ava";
import {
  at,
  BACKENDS,
  closeRegistries,
  mediaInput,
  openRegistry,
  rejectsWith,
  sha512Of,
  unique,
} from "./registry-harness.js";

test.after.always(closeRegistries);

for (const backend of BACKENDS) {
  test(`${backend}: media are found by reference uuid, sha512 (hex or base64) and uri`, async (t) => {
    const registry = await openRegistry(backend);
    const sha512 = sha512Of("find");
    const media = await registry.media.create(mediaInput({ sha512 }));
    t.deepEqual(await registry.media.getByVideoReference(media.videoReferenceUuid.toUpperCase()), media);
    t.deepEqual(await registry.media.getBySha512(sha512.toUpperCase()), media);
    t.deepEqual(await registry.media.getBySha512(Buffer.from(sha512, "hex").toString("base64")), media);
    t.deepEqual(await registry.media.getByUri(media.uri), media);
    await rejectsWith(t, registry.media.getByUri(media.uri.toUpperCase()), "NOT_FOUND", /^Media not found$/);
    await rejectsWith(t, registry.media.getBySha512(sha512Of("other")), "NOT_FOUND", /^Media not found$/);
    await rejectsWith(t, registry.media.getByUri("no uri"), "INVALID_ARGUMENT", /^Invalid URI: no uri$/);
    await rejectsWith(t, registry.media.getBySha512("zz"), "INVALID_ARGUMENT", /sha512/);
  });

  test(`${backend}: listMediaByFilename matches the end of the uri literally`, async (t) => {
    const registry = await openRegistry(backend);
    const id = unique("f");
    const plain = await registry.media.create(mediaInput({ uri: `http://example.org/a/${id}_1%25.mp4` }));
    await registry.media.create(mediaInput({ uri: `http://example.org/b/${id}x1%25.mp4` }));
    await registry.media.create(mediaInput({ uri: `http://example.org/c/${id.toUpperCase()}_1%25.MP4` }));
    t.deepEqual(
      (await registry.media.listByFilename(`${id}_1%25.mp4`)).map((media) => media.uri),
      [plain.uri],
    );
    t.deepEqual(await registry.media.listByFilename("none-such.mp4"), []);
  });

  test(`${backend}: listMediaByFilename finds every uri ending with the name, a part of a name or a path, ordered by start then uri`, async (t) => {
    const registry = await openRegistry(backend);
    const id = unique("s");
    const later = await registry.media.create(
      mediaInput({ uri: `http://example.org/a/${id}/dive_é1.mov`, start: at("2021-01-01T00:00:00Z") }),
    );
    const earlier = await registry.media.create(
      mediaInput({ uri: `http://example.org/b/${id}/other-dive_é1.mov`, start: at("2020-01-01T00:00:00Z") }),
    );
    await registry.media.create(mediaInput({ uri: `http://example.org/c/${id}/dive_é1.mov.bak` }));
    await registry.media.create(mediaInput({ uri: `http://example.org/d/${id}/dive_e1.mov` }));
    const uris = async (name: string) =>
      (await registry.media.listByFilename(name)).map((media) => media.uri);
    t.deepEqual(await uris(`${id}/dive_é1.mov`), [later.uri]);
    t.deepEqual(await uris(`dive_é1.mov`).then((found) => found.filter((uri) => uri.includes(id))), [
      earlier.uri,
      later.uri,
    ]);
    t.deepEqual(await uris(`${id}/other-dive_é1.mov`), [earlier.uri]);
    t.deepEqual(await uris(`a/${id}/DIVE_é1.mov`), []);
  });

  test(`${backend}: media of a sequence or a video are ordered by video start, then uri`, async (t) => {
    const registry = await openRegistry(backend);
    const videoSequenceName = unique("seq");
    const late = await registry.media.create(
      mediaInput({ videoSequenceName, start: at("2020-01-02T00:00:00Z"), uri: "http://example.org/a.mp4" }),
    );
    const early = await registry.media.create(
      mediaInput({ videoSequenceName, start: at("2020-01-01T00:00:00Z"), uri: "http://example.org/z.mp4" }),
    );
    const earlyB = await registry.media.create(
      mediaInput({ videoName: early.videoName, start: early.start, uri: "http://example.org/b.mp4" }),
    );
    t.deepEqual(
      (await registry.media.listByVideoSequenceName(videoSequenceName)).map((media) => media.uri),
      [earlyB.uri, early.uri, late.uri],
    );
    t.deepEqual(
      (await registry.media.listByVideoName(early.videoName)).map((media) => media.uri),
      [earlyB.uri, early.uri],
    );
    t.deepEqual(await registry.media.listByVideoSequenceName("none-such"), []);
    t.deepEqual(await registry.media.listByVideoName("none-such"), []);
  });

  test(`${backend}: camera and time range lists media whose video starts in the range, inclusive`, async (t) => {
    const registry = await openRegistry(backend);
    const cameraId = unique("cam");
    const inside = await registry.media.create(mediaInput({ cameraId, start: at("2020-01-01T00:00:00Z") }));
    await registry.media.create(mediaInput({ cameraId, start: at("2020-01-03T00:00:00Z") }));
    await registry.media.create(mediaInput({ cameraId: "other", start: at("2020-01-01T00:00:00Z") }));
    const found = await registry.media.listByCameraAndTimeRange(
      cameraId,
      at("2020-01-01T00:00:00Z"),
      at("2020-01-01T00:01:00Z"),
    );
    t.deepEqual(
      found.map((media) => media.uri),
      [inside.uri],
    );
  });

  test(`${backend}: camera and time finds media covering t in sequences with a video starting near t`, async (t) => {
    const registry = await openRegistry(backend);
    const cameraId = unique("cam");
    const hour = 3_600_000;
    const covering = await registry.media.create(
      mediaInput({ cameraId, start: at("2020-06-01T00:00:00Z"), durationMillis: hour }),
    );
    // Covers t but starts 61 minutes before it, alone in its sequence: not a candidate.
    await registry.media.create(
      mediaInput({ cameraId, start: at("2020-05-31T23:29:00Z"), durationMillis: 3 * hour }),
    );
    // Starts at t but has no duration: dropped.
    await registry.media.create(
      mediaInput({ cameraId, start: at("2020-06-01T00:30:00Z"), durationMillis: undefined }),
    );
    const midpoint = await registry.media.listByCameraAndTime(cameraId, at("2020-06-01T00:30:00Z"));
    t.deepEqual(midpoint, [covering]);
    t.deepEqual(await registry.media.listByCameraAndTime(cameraId, at("2020-06-01T01:00:00Z")), [covering]);
    t.deepEqual(await registry.media.listByCameraAndTime(cameraId, at("2020-06-01T01:00:00.001Z")), []);
    t.deepEqual(await registry.media.listByCameraAndTime("other-camera", at("2020-06-01T00:30:00Z")), []);
    await rejectsWith(
      t,
      registry.media.listByCameraAndTime(cameraId, undefined),
      "INVALID_ARGUMENT",
      /timestamp/,
    );
  });

  test(`${backend}: a long video is found through a sibling of its sequence that starts near t`, async (t) => {
    const registry = await openRegistry(backend);
    const cameraId = unique("cam");
    const long = await registry.media.create(
      mediaInput({ cameraId, start: at("2020-05-31T22:00:00Z"), durationMillis: 4 * 3_600_000 }),
    );
    const t0 = at("2020-06-01T00:30:00Z");
    t.deepEqual(await registry.media.listByCameraAndTime(cameraId, t0), []);
    await registry.media.create(
      mediaInput({
        cameraId,
        videoSequenceName: long.videoSequenceName,
        start: at("2020-06-01T01:00:00Z"),
        durationMillis: 1000,
      }),
    );
    t.deepEqual(await registry.media.listByCameraAndTime(cameraId, t0), [long]);
  });

  test(`${backend}: a video that started more than half the window before t is not found`, async (t) => {
    const registry = await openRegistry(backend);
    const cameraId = unique("cam");
    await registry.media.create(
      mediaInput({ cameraId, start: at("2020-06-01T00:00:00Z"), durationMillis: 10 * 3_600_000 }),
    );
    t.deepEqual(await registry.media.listByCameraAndTime(cameraId, at("2020-06-01T01:00:00.000001Z")), []);
    t.is((await registry.media.listByCameraAndTime(cameraId, at("2020-06-01T01:00:00Z"))).length, 1);
  });

  test(`${backend}: concurrent media are the files of the overlapping videos of the same sequence`, async (t) => {
    const registry = await openRegistry(backend);
    const videoSequenceName = unique("seq");
    const base = at("2015-01-01T00:00:00Z");
    const overlapping = [];
    for (let i = 0; i < 5; i++) {
      const start = base.plusMillis(i * 100_000);
      const first = await registry.media.create(
        mediaInput({ videoSequenceName, start, durationMillis: 1_000_000 }),
      );
      overlapping.push(first);
      overlapping.push(
        await registry.media.create(
          mediaInput({ videoName: first.videoName, start, durationMillis: undefined }),
        ),
      );
    }
    for (let i = 0; i < 5; i++) {
      const start = at("2045-01-01T00:00:00Z").plusMillis(i * 10_000_000);
      const first = await registry.media.create(
        mediaInput({ videoSequenceName, start, durationMillis: 1000 }),
      );
      await registry.media.create(
        mediaInput({ videoName: first.videoName, start, durationMillis: undefined }),
      );
    }
    // Same span, other sequence: not concurrent.
    await registry.media.create(mediaInput({ start: base, durationMillis: 1_000_000 }));
    const target = overlapping[0];
    if (!target) throw new Error("no target");
    const concurrent = await registry.media.listConcurrent(target.videoReferenceUuid);
    t.deepEqual(concurrent.map((media) => media.uri).sort(), overlapping.map((media) => media.uri).sort());
    await rejectsWith(t, registry.media.listConcurrent("0190b8a4-0000-7000-8000-000000000000"), "NOT_FOUND");
  });
}
