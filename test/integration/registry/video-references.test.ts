import test from "ava";
import {
  BACKENDS,
  closeRegistries,
  mediaInput,
  openRegistry,
  rejectsWith,
  rowCounts,
  sha512Of,
} from "./registry-harness.js";

test.after.always(closeRegistries);

const UNKNOWN = "0190b8a4-0000-7000-8000-000000000000";

for (const backend of BACKENDS) {
  test(`${backend}: createVideoReference is create-or-get by uri and checks its video`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const sha512 = sha512Of("ref");
    const created = await registry.references.create({
      videoUuid: media.videoUuid,
      uri: "http://example.org/second.mov",
      container: "video/quicktime",
      frameRate: 29.97,
      sizeBytes: 12,
      sha512: sha512.toUpperCase(),
    });
    t.like(created, { videoUuid: media.videoUuid, container: "video/quicktime", frameRate: 29.97, sha512 });
    t.deepEqual(
      await registry.references.create({ videoUuid: media.videoUuid, uri: created.uri, width: 1 }),
      created,
    );
    await rejectsWith(
      t,
      registry.references.create({ videoUuid: UNKNOWN, uri: "http://example.org/x.mp4" }),
      "NOT_FOUND",
      new RegExp(`Video ${UNKNOWN} not found`),
    );
    await rejectsWith(
      t,
      registry.references.create({ uri: "http://example.org/x.mp4" }),
      "INVALID_ARGUMENT",
      /video_uuid/,
    );
    await rejectsWith(
      t,
      registry.references.create({ videoUuid: media.videoUuid, uri: "relative/path.mp4" }),
      "INVALID_ARGUMENT",
      /Invalid URI/,
    );
  });

  test(`${backend}: references are found by uuid, uri and sha512; uris and pages are sorted`, async (t) => {
    const registry = await openRegistry(backend);
    const sha512 = sha512Of("x");
    const b = await registry.media.create(mediaInput({ uri: "http://example.org/b.mp4", sha512 }));
    const a = await registry.media.create(mediaInput({ uri: "http://example.org/a.mp4" }));
    const reference = await registry.references.get(b.videoReferenceUuid);
    t.like(reference, { uri: b.uri, sha512 });
    t.deepEqual(await registry.references.getByUri(b.uri), reference);
    t.deepEqual(await registry.references.getBySha512(sha512.toUpperCase()), reference);
    t.true(
      (await registry.references.getLastUpdatedTime(b.videoReferenceUuid)).equals(reference.lastUpdatedTime),
    );
    t.deepEqual(await registry.references.listUris(), [a.uri, b.uri]);
    t.deepEqual(
      (await registry.references.list()).map((item) => item.uri),
      [a.uri, b.uri],
    );
    t.deepEqual(
      (await registry.references.list(5, 1)).map((item) => item.uri),
      [b.uri],
    );
    await rejectsWith(t, registry.references.get(UNKNOWN), "NOT_FOUND");
    await rejectsWith(t, registry.references.getByUri("http://example.org/none.mp4"), "NOT_FOUND");
    await rejectsWith(t, registry.references.getBySha512(sha512Of("none")), "NOT_FOUND");
  });

  test(`${backend}: updateVideoReference applies the fields present, moves it and bumps last_updated_time`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput({ width: 10 }));
    const other = await registry.media.create(mediaInput());
    const updated = await registry.references.update(media.videoReferenceUuid, {
      videoUuid: other.videoUuid,
      uri: `${media.uri}.new`,
      height: 20,
    });
    t.like(updated, { videoUuid: other.videoUuid, uri: `${media.uri}.new`, width: 10, height: 20 });
    const before = (await registry.references.get(media.videoReferenceUuid)).lastUpdatedTime;
    const bumped = await registry.references.update(media.videoReferenceUuid, { description: "again" });
    t.true(bumped.lastUpdatedTime.compare(before) > 0);
  });

  test(`${backend}: updateVideoReference refuses a taken uri, unknown videos and bad digests`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    const other = await registry.media.create(mediaInput());
    await rejectsWith(
      t,
      registry.references.update(media.videoReferenceUuid, { uri: other.uri }),
      "ALREADY_EXISTS",
    );
    await rejectsWith(
      t,
      registry.references.update(media.videoReferenceUuid, { videoUuid: UNKNOWN }),
      "NOT_FOUND",
    );
    await rejectsWith(t, registry.references.update(UNKNOWN, { width: 1 }), "NOT_FOUND");
    await rejectsWith(
      t,
      registry.references.update(media.videoReferenceUuid, { sha512: "not-a-digest" }),
      "INVALID_ARGUMENT",
      /sha512/,
    );
    t.deepEqual(await registry.media.getByVideoReference(media.videoReferenceUuid), media);
  });

  test(`${backend}: deleteVideoReference removes only the reference`, async (t) => {
    const registry = await openRegistry(backend);
    const media = await registry.media.create(mediaInput());
    await registry.references.delete(media.videoReferenceUuid);
    t.deepEqual(await rowCounts(registry), { video_sequences: 1, videos: 1, video_references: 0 });
    await rejectsWith(t, registry.references.delete(media.videoReferenceUuid), "NOT_FOUND");
  });
}
