import test from "ava";
import { QueryConstraints } from "../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import { HistogramRepository } from "../../../services/annotation/query/repositories/histogram.repository.js";
import { HistogramService } from "../../../services/annotation/query/services/histogram.service.js";
import { Instant } from "../../../services/kit/time/instant.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { DATASET, seedQueryDataset } from "../../support/annotation/query-dataset.js";

test.after.always(closeAnnotationTestStorages);

function constraints(fields: Partial<QueryConstraints>): QueryConstraints {
  return QueryConstraints.fromPartial(fields);
}

const timestamp = (text: string) => (Instant.parse(text) as Instant).toTimestamp();

for (const backend of BACKENDS) {
  test(`${backend}: histograms count each annotation once, whatever its associations`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    await seedQueryDataset(storage);
    const histograms = new HistogramService(new HistogramRepository(storage));
    const videos = constraints({ videoReferenceUuids: [DATASET.video1, DATASET.video2] });

    const depth = await histograms.depth(videos, 100);
    t.deepEqual(depth.values.slice(0, 3), [2, 1, 0], "10.5 m: O1 (two associations) and O2; 120 m: O3");
    t.is(depth.values.length, 40);

    const time = await histograms.time(
      constraints({
        videoReferenceUuids: [DATASET.video1, DATASET.video2],
        minTimestamp: timestamp("2020-01-01T00:00:00Z"),
        maxTimestamp: timestamp("2020-01-03T00:00:00Z"),
      }),
      1,
    );
    t.deepEqual(time.binsMin.map(String), ["2020-01-01T00:00:00Z", "2020-01-02T00:00:00Z"]);
    t.deepEqual(time.values, [2, 1], "O1 and O2 on the first day, O3 (12:00:00.123456) on the second");

    const everything = await histograms.time(videos, 365);
    t.is(
      everything.values.reduce((total, value) => total + value, 0),
      4,
    );
  });

  test(`${backend}: a depth on a bin boundary falls in the upper bin`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    await seedQueryDataset(storage);
    const histograms = new HistogramService(new HistogramRepository(storage));
    const depth = await histograms.depth(constraints({ concepts: ["Aurelia"] }), 60);
    // O1 at 10.5 m, O3 at 120 m = the start of bin 2.
    t.deepEqual(depth.values.slice(0, 3), [1, 0, 1]);
  });

  test(`${backend}: the constraints' own depth and time ranges narrow the bins' ranges`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    await seedQueryDataset(storage);
    const histograms = new HistogramService(new HistogramRepository(storage));
    const videos = [DATASET.video1, DATASET.video2];

    const deep = await histograms.depth(constraints({ videoReferenceUuids: videos, minDepth: 50 }), 100);
    t.deepEqual(deep.values.slice(0, 3), [0, 1, 0], "only O3 (120 m) is at 50 m or deeper");
    const beyond = await histograms.depth(constraints({ videoReferenceUuids: videos, maxDepth: 9000 }), 100);
    t.deepEqual(beyond.values.slice(0, 3), [2, 1, 0], "a maximum past 4000 m keeps the bins' bound");

    const morning = await histograms.time(
      constraints({
        videoReferenceUuids: videos,
        minTimestamp: timestamp("2020-01-01T00:00:00Z"),
        maxTimestamp: timestamp("2020-01-02T06:00:00Z"),
      }),
      1,
    );
    t.is(morning.values.length, 2);
    t.deepEqual(morning.values, [2, 0], "O3 (2020-01-02 12:00) is after max_timestamp, inside the last bin");
  });
}
