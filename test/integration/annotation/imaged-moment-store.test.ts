import test from "ava";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import {
  at,
  BACKENDS,
  closeAnnotationTestStorages,
  countRows,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

const store = createImagedMomentStore();

for (const backend of BACKENDS) {
  test(`${backend}: findOrCreate reuses a moment by timecode, then elapsed time, then recorded timestamp`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = uuidV7();
    const recorded = at("2024-01-02T03:04:05.123456Z");
    const first = await storage.transaction((m) =>
      store.findOrCreate(m, {
        videoReferenceUuid: video,
        timecode: "01:02:03:04",
        elapsedTimeMillis: 7,
        recordedTimestamp: recorded,
      }),
    );
    const again = await storage.transaction(async (m) => [
      await store.findOrCreate(m, { videoReferenceUuid: video, timecode: "01:02:03:04" }),
      await store.findOrCreate(m, { videoReferenceUuid: video, elapsedTimeMillis: 7 }),
      await store.findOrCreate(m, {
        videoReferenceUuid: video,
        elapsedTimeMillis: 8,
        recordedTimestamp: recorded,
      }),
      await store.findOrCreate(m, {
        videoReferenceUuid: video,
        timecode: "09:00:00:00",
        elapsedTimeMillis: 7,
      }),
    ]);
    t.deepEqual(
      again.map((moment) => moment.uuid === first.uuid),
      [true, true, true, false],
    );
    const [loaded] = await storage.read((m) => store.loadMoments(m, [first.uuid]));
    t.is(loaded?.moment.recordedTimestamp?.toString(), "2024-01-02T03:04:05.123456Z");
    t.is(loaded?.moment.elapsedTimeMillis, 7);
    t.deepEqual(loaded?.imageReferences, []);
    t.is(loaded?.ancillaryDatum, undefined);
  });

  test(`${backend}: concurrent creates of the same moment leave one row`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = uuidV7();
    const moments = await Promise.all(
      Array.from({ length: 20 }, () =>
        storage.transaction((m) =>
          store.findOrCreate(m, { videoReferenceUuid: video, elapsedTimeMillis: 1234 }),
        ),
      ),
    );
    t.is(new Set(moments.map((moment) => moment.uuid)).size, 1);
    t.is(await countRows(storage, "imaged_moments"), 1);
  });

  test(`${backend}: findOrCreateMany returns one moment per key and inserts the new ones in one go`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = uuidV7();
    const keys = Array.from({ length: 1200 }, (_, i) => ({
      videoReferenceUuid: video,
      elapsedTimeMillis: i % 600,
    }));
    const moments = await storage.transaction((m) => store.findOrCreateMany(m, keys));
    t.is(moments.length, 1200);
    t.is(moments[5]?.uuid, moments[605]?.uuid);
    t.is(await countRows(storage, "imaged_moments"), 600);
  });

  test(`${backend}: deleteIfEmpty removes only moments without observations and images`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = uuidV7();
    const [empty, withImage] = await storage.transaction((m) =>
      store.findOrCreateMany(m, [
        { videoReferenceUuid: video, timecode: "a" },
        { videoReferenceUuid: video, timecode: "b" },
      ]),
    );
    if (!empty || !withImage) throw new Error("two moments expected");
    await storage.transaction((m) =>
      m.query(
        "INSERT INTO image_references (uuid, imaged_moment_uuid, url, last_updated_timestamp) VALUES (?, ?, ?, ?)",
        [uuidV7(), withImage.uuid, `http://x/${uuidV7()}.png`, "2024-01-01 00:00:00.000000"],
      ),
    );
    const deleted = await storage.transaction((m) => store.deleteIfEmpty(m, [empty.uuid, withImage.uuid]));
    t.deepEqual(deleted, [empty.uuid]);
    t.is(await countRows(storage, "imaged_moments"), 1);
  });
}

for (const backend of BACKENDS) {
  test(`${backend}: findOrCreateMany finds existing moments of 300 videos and 1,200 timecodes in one call`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const videos = Array.from({ length: 300 }, () => uuidV7());
    const wide = videos.map((video) => ({ videoReferenceUuid: video, elapsedTimeMillis: 42 }));
    const video = uuidV7();
    const long = Array.from({ length: 1200 }, (_, index) => ({
      videoReferenceUuid: video,
      timecode: `00:00:${String(Math.floor(index / 30)).padStart(2, "0")}:${String(index % 30).padStart(2, "0")}`,
    }));
    const first = await storage.transaction((m) => store.findOrCreateMany(m, [...wide, ...long]));
    const again = await storage.transaction((m) => store.findOrCreateMany(m, [...long, ...wide]));
    t.deepEqual(
      again.map((moment) => moment.uuid),
      [...first.slice(300), ...first.slice(0, 300)].map((moment) => moment.uuid),
    );
    t.is(new Set(first.map((moment) => moment.uuid)).size, 1500);
  });
}
