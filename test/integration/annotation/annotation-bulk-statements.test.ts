import test from "ava";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { BACKENDS, closeAnnotationTestStorages } from "../../support/annotation/annotation-storage.js";
import { newVideo, openAnnotationsServices } from "../../support/annotation/annotations-services.js";

test.after.always(closeAnnotationTestStorages);

/** Counts the SQL statements `work` sends (every driver reports each one to the logger). */
async function statementsOf(storage: DomainStorage, work: () => Promise<unknown>): Promise<number> {
  const logger = storage.dataSource.logger;
  const original = logger.logQuery.bind(logger);
  let count = 0;
  logger.logQuery = (...args) => {
    count++;
    return original(...args);
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return count;
}

function items(video: string, n: number) {
  return Array.from({ length: n }, (_, index) => ({
    videoReferenceUuid: video,
    concept: `c${index}`,
    elapsedTimeMillis: index,
    associations: [{ linkName: "a" }, { linkName: "b" }],
    imageReferences: [{ url: `http://example.org/${video}/${index}.png` }],
    ancillaryData: { latitude: index },
  }));
}

for (const backend of BACKENDS) {
  test(`${backend}: bulk creates, bulk updates and tape-time updates send as many statements for 150 rows as for 5 (one chunk)`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const [small, large] = [newVideo(), newVideo()];
    const createSmall = await statementsOf(anno.storage, () => anno.creates.createMany(items(small, 5)));
    const createLarge = await statementsOf(anno.storage, () => anno.creates.createMany(items(large, 150)));
    t.is(createLarge, createSmall);
    const changes = async (video: string) =>
      (await anno.annotations.listByVideoReference(video)).map((annotation) => ({
        observationUuid: annotation.observation.observation.uuid,
        concept: "renamed",
        elapsedTimeMillis: 10_000 + (annotation.moment.moment.elapsedTimeMillis ?? 0),
      }));
    const [smallChanges, largeChanges] = [await changes(small), await changes(large)];
    const updateSmall = await statementsOf(anno.storage, () => anno.updates.updateMany(smallChanges));
    const updateLarge = await statementsOf(anno.storage, () => anno.updates.updateMany(largeChanges));
    t.is(updateLarge, updateSmall);
    const indices = async (video: string) =>
      (await anno.indices.listByVideoReference(video, 150)).map((moment) => ({
        uuid: moment.uuid,
        recordedTimestamp: moment.lastUpdatedTime,
      }));
    const [smallIndices, largeIndices] = [await indices(small), await indices(large)];
    const tapeSmall = await statementsOf(anno.storage, () =>
      anno.indices.updateRecordedTimestamps(smallIndices),
    );
    const tapeLarge = await statementsOf(anno.storage, () =>
      anno.indices.updateRecordedTimestamps(largeIndices),
    );
    t.is(tapeLarge, tapeSmall);
  });
}

for (const backend of BACKENDS) {
  test(`${backend}: a bulk create of 1,000 annotations with one association each sends as many statements as one of 5`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const [small, large] = [newVideo(), newVideo()];
    const plain = (video: string, n: number) =>
      items(video, n).map(({ imageReferences: _images, ancillaryData: _data, ...item }) => ({
        ...item,
        associations: [{ linkName: "a" }],
      }));
    const createSmall = await statementsOf(anno.storage, () => anno.creates.createMany(plain(small, 5)));
    const createLarge = await statementsOf(anno.storage, () => anno.creates.createMany(plain(large, 1000)));
    t.is(createLarge, createSmall);
    t.is((await anno.annotations.listByVideoReference(large)).length, 1000);
  });
}
