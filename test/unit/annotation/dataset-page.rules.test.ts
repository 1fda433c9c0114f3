import test from "ava";
import {
  DATASET_MAX_LIMIT,
  datasetPageOf,
  windowsAcrossVideos,
} from "../../../services/annotation/datasets/services/dataset-page.rules.js";

test("a dataset page reads 50,000 annotations with their ancillary data from the first unless told otherwise", (t) => {
  t.is(DATASET_MAX_LIMIT, 50_000);
  t.deepEqual(datasetPageOf({}), { limit: 50_000, offset: 0, data: true });
  t.deepEqual(datasetPageOf({ limit: 10, offset: 5, data: false }), { limit: 10, offset: 5, data: false });
  t.deepEqual(datasetPageOf({ limit: 0 }), { limit: 0, offset: 0, data: true });
  t.deepEqual(datasetPageOf({ limit: 50_000 }).limit, 50_000);
});

test("as charybdis, a limit over 50,000 or negative reads 50,000 and a negative offset skips none", (t) => {
  t.is(datasetPageOf({ limit: 50_001 }).limit, 50_000);
  t.is(datasetPageOf({ limit: -1 }).limit, 50_000);
  t.is(datasetPageOf({ offset: -7 }).offset, 0);
});

const counts = [
  { videoReferenceUuid: "a", count: 3 },
  { videoReferenceUuid: "empty", count: 0 },
  { videoReferenceUuid: "b", count: 2 },
  { videoReferenceUuid: "c", count: 4 },
];

test("the page runs over the videos' annotations end to end, skipping exactly offset of them", (t) => {
  t.deepEqual(windowsAcrossVideos(counts, { limit: 50_000, offset: 0 }), [
    { videoReferenceUuid: "a", offset: 0, limit: 3 },
    { videoReferenceUuid: "b", offset: 0, limit: 2 },
    { videoReferenceUuid: "c", offset: 0, limit: 4 },
  ]);
  t.deepEqual(windowsAcrossVideos(counts, { limit: 3, offset: 2 }), [
    { videoReferenceUuid: "a", offset: 2, limit: 1 },
    { videoReferenceUuid: "b", offset: 0, limit: 2 },
  ]);
  t.deepEqual(windowsAcrossVideos(counts, { limit: 10, offset: 3 }), [
    { videoReferenceUuid: "b", offset: 0, limit: 2 },
    { videoReferenceUuid: "c", offset: 0, limit: 4 },
  ]);
  t.deepEqual(windowsAcrossVideos(counts, { limit: 1, offset: 6 }), [
    { videoReferenceUuid: "c", offset: 1, limit: 1 },
  ]);
});

test("a page past the end, or of no annotations, reads no video", (t) => {
  t.deepEqual(windowsAcrossVideos(counts, { limit: 5, offset: 9 }), []);
  t.deepEqual(windowsAcrossVideos(counts, { limit: 0, offset: 0 }), []);
  t.deepEqual(windowsAcrossVideos([], { limit: 5, offset: 0 }), []);
});
