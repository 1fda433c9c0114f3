import test from "ava";
import {
  BACKENDS,
  closeRegistries,
  mediaInput,
  openRegistry,
  type Registry,
  rejectsWith,
} from "./registry-harness.js";

test.after.always(closeRegistries);

function insertReference(registry: Registry, uuid: string, videoUuid: string, uri: string): Promise<unknown> {
  return registry.storage.transaction((manager) =>
    manager.query(
      "INSERT INTO video_references (uuid, video_uuid, uri, last_updated_time) VALUES (?, ?, ?, ?)",
      [uuid, videoUuid, uri, "2020-01-01 00:00:00.000000"],
    ),
  );
}

for (const backend of BACKENDS) {
  test(`${backend}: the database itself refuses a second reference with the same 1024-character uri`, async (t) => {
    const registry = await openRegistry(backend);
    const uri = `http://example.org/${"x".repeat(1005)}`;
    const media = await registry.media.create(mediaInput({ uri }));
    t.is(media.uri.length, 1024);
    await rejectsWith(
      t,
      insertReference(registry, "0190b8a4-0000-7000-8000-000000000001", media.videoUuid, uri),
      "ALREADY_EXISTS",
    );
    await insertReference(
      registry,
      "0190b8a4-0000-7000-8000-000000000002",
      media.videoUuid,
      uri.toUpperCase(),
    );
    t.is(
      (await registry.references.getByUri(uri.toUpperCase())).uuid,
      "0190b8a4-0000-7000-8000-000000000002",
    );
  });

  test(`${backend}: a 1024-character uri of three-byte characters (3 KB, more than a B-tree entry holds) is stored and kept unique`, async (t) => {
    const registry = await openRegistry(backend);
    // Random CJK ideographs, three bytes each in UTF-8: nothing for an index to compress.
    const characters = Array.from({ length: 1001 }, () =>
      String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 0x5000)),
    );
    const uri = `http://example.org/${characters.join("")}.mp4`;
    t.is(uri.length, 1024);
    t.true(Buffer.byteLength(uri) > 3000);
    const media = await registry.media.create(mediaInput({ uri }));
    t.is((await registry.references.getByUri(uri)).uuid, media.videoReferenceUuid);
    await rejectsWith(
      t,
      insertReference(registry, "0190b8a4-0000-7000-8000-000000000003", media.videoUuid, uri),
      "ALREADY_EXISTS",
    );
  });

  test(`${backend}: the database refuses a reference whose video does not exist`, async (t) => {
    const registry = await openRegistry(backend);
    const error = await t.throwsAsync(
      insertReference(
        registry,
        "0190b8a4-0000-7000-8000-000000000001",
        "0190b8a4-0000-7000-8000-000000000009",
        "http://example.org/orphan.mp4",
      ),
    );
    t.is((error as { code?: string }).code, "FAILED_PRECONDITION");
  });
}
