import test from "ava";
import { MomentQueryRepository } from "../../../services/annotation/moments/repositories/moment-query.repository.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import {
  at,
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

const OLD = "2020-01-01 00:00:00.000000";
const INSIDE = "2031-06-01 12:00:00.000000";

for (const backend of BACKENDS) {
  test(`${backend}: a moment is modified in a window when it or one of its observations changed in it, and counted once`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = uuidV7();
    const moment = async (updated: string, observations: string[]) => {
      const uuid = uuidV7();
      await storage.dataSource.query(
        `INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, last_updated_timestamp)
         VALUES (?, ?, ?, ?)`,
        [uuid, video, observations.length, updated],
      );
      for (const observationUpdated of observations) {
        await storage.dataSource.query(
          `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp)
           VALUES (?, ?, 'squid', ?, ?)`,
          [uuidV7(), uuid, OLD, observationUpdated],
        );
      }
      return uuid;
    };
    const itself = await moment(INSIDE, [OLD]);
    const byObservation = await moment(OLD, [OLD, INSIDE]);
    const both = await moment(INSIDE, [INSIDE, INSIDE]);
    await moment(OLD, [OLD]);
    await moment(OLD, []);
    const found = await storage.read(async (manager) => {
      const moments = new MomentQueryRepository(manager);
      const [from, to] = [at("2031-01-01T00:00:00Z"), at("2032-01-01T00:00:00Z")];
      return {
        all: await moments.pageModified(from, to, {}),
        page: await moments.pageModified(from, to, { limit: 2, offset: 1 }),
        count: await moments.countModified(from, to),
      };
    });
    const expected = [itself, byObservation, both].sort();
    t.deepEqual(found.all, expected);
    t.deepEqual(found.page, expected.slice(1, 3));
    t.is(found.count, 3);
  });
}
