/**
 * `GET /anno/v1/ancillarydata/videoreference/{uuid}` lists a video's data in annosaurus's order
 * (its ImagedMoment.findByVideoReferenceUUID query: the video's moments by UUID, those with data
 * kept) on every engine, whatever order the moments, their times and their data were written in.
 */
import test from "ava";
import { createMomentsServices } from "../../../services/annotation/moments/moments-part.js";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { compareText } from "../../../services/kit/sql/text-order.js";
import {
  at,
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

const MOMENTS = 12;

for (const backend of BACKENDS) {
  test(`${backend}: a video's ancillary data come by moment UUID, not by time, datum UUID or insertion`, async (t) => {
    const { images, ancillaryData } = createMomentsServices(
      await openAnnotationTestStorage(backend),
      createImagedMomentStore(),
    );
    const video = uuidV7();
    const moments: string[] = [];
    for (let i = 0; i < MOMENTS; i++) {
      // Later moments are earlier in the video, so time order is the reverse of UUID order.
      const created = await images.create(
        {
          videoReferenceUuid: video,
          elapsedTimeMillis: (MOMENTS - i) * 1000,
          recordedTimestamp: at(`2024-01-01T${String(MOMENTS - i).padStart(2, "0")}:00:00Z`),
        },
        { url: `http://images.example.org/${uuidV7()}.png` },
      );
      moments.push(created.moment.uuid);
    }
    const byUuid = [...moments].sort(compareText);
    // Data written in the reverse of their moments' order, under datum UUIDs that ascend as written.
    const withData = byUuid.filter((_, i) => i % 2 === 0);
    for (const [depth, moment] of [...withData].reverse().entries()) {
      await ancillaryData.create({ imagedMomentUuid: moment, uuid: uuidV7(), depthMeters: depth });
    }
    const listed = await ancillaryData.listByVideo(video);
    t.deepEqual(
      listed.map((view) => view.moment.uuid),
      withData,
    );
  });
}
