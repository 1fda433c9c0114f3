/**
 * The pages of moments by link name and of moments with images, on both engines: each moment
 * once however many observations, associations or images it has, in UUID order (by recorded
 * time for a concept's moments with images), paged by limit and offset, and the counts agreeing
 * with the pages; and a video's images on their moments.
 */
import { randomUUID } from "node:crypto";
import test from "ava";
import type { EntityManager } from "typeorm";
import { FastImageRepository } from "../../../services/annotation/fast/repositories/fast-image.repository.js";
import { ImageReferenceRepository } from "../../../services/annotation/moments/repositories/image-reference.repository.js";
import { MomentQueryRepository } from "../../../services/annotation/moments/repositories/moment-query.repository.js";
import { compareText } from "../../../services/kit/sql/text-order.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

const WHEN = "2024-01-01 00:00:00.000000";

async function insertMoment(
  manager: EntityManager,
  video: string,
  recorded: string | null = null,
): Promise<string> {
  const uuid = randomUUID();
  await manager.query(
    "INSERT INTO imaged_moments (uuid, video_reference_uuid, recorded_timestamp, last_updated_timestamp) VALUES (?, ?, ?, ?)",
    [uuid, video, recorded, WHEN],
  );
  return uuid;
}

async function insertObservation(
  manager: EntityManager,
  moment: string,
  linkNames: string[],
  concept = "Nanomia",
  toConcept = "self",
): Promise<void> {
  const observation = randomUUID();
  await manager.query(
    `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp)
     VALUES (?, ?, ?, ?, ?)`,
    [observation, moment, concept, WHEN, WHEN],
  );
  for (const linkName of linkNames) {
    await manager.query(
      `INSERT INTO associations (uuid, observation_uuid, link_name, link_value, to_concept, mime_type, last_updated_timestamp)
       VALUES (?, ?, ?, 'nil', ?, 'text/plain', ?)`,
      [randomUUID(), observation, linkName, toConcept, WHEN],
    );
  }
}

async function insertImages(manager: EntityManager, moment: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const url = `http://example.org/${randomUUID()}.jpg`;
    await manager.query(
      "INSERT INTO image_references (uuid, imaged_moment_uuid, url, last_updated_timestamp) VALUES (?, ?, ?, ?)",
      [randomUUID(), moment, url, WHEN],
    );
    urls.push(url);
  }
  return urls;
}

/** `2024-01-01 00:00:0s` for s = 0..9, the recorded time of a moment. */
const recordedAt = (second: number) => `2024-01-01 00:00:0${second}.000000`;

for (const backend of BACKENDS) {
  test(`${backend}: moments by link name come once each, in UUID order, paged, and counted alike`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = randomUUID();
    const expected = await storage.transaction(async (manager) => {
      const linked: string[] = [];
      for (let i = 0; i < 12; i++) {
        const moment = await insertMoment(manager, video);
        if (i % 3 === 0) {
          await insertObservation(manager, moment, ["eating"]);
          linked.push(moment);
        } else if (i % 3 === 1) {
          // Two observations with the link name, one with it twice: still one moment.
          await insertObservation(manager, moment, ["eating", "eating", "surface-color"]);
          await insertObservation(manager, moment, ["eating"]);
          linked.push(moment);
        } else {
          await insertObservation(manager, moment, ["surface-color"]);
        }
      }
      return linked.sort();
    });
    const { all, first, second, count, none } = await storage.read(async (manager) => {
      const moments = new MomentQueryRepository(manager);
      return {
        all: await moments.pageByLinkName("eating", {}),
        first: await moments.pageByLinkName("eating", { limit: 3, offset: 0 }),
        second: await moments.pageByLinkName("eating", { limit: 3, offset: 3 }),
        count: await moments.countByLinkName("eating"),
        none: await moments.pageByLinkName("no-such-link", { limit: 3 }),
      };
    });
    t.is(expected.length, 8);
    t.deepEqual(all, expected);
    t.deepEqual(first, expected.slice(0, 3));
    t.deepEqual(second, expected.slice(3, 6));
    t.is(count, expected.length);
    t.deepEqual(none, []);
  });

  test(`${backend}: moments with images come once each, in UUID order, paged`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = randomUUID();
    const expected = await storage.transaction(async (manager) => {
      const withImages: string[] = [];
      for (let i = 0; i < 9; i++) {
        const moment = await insertMoment(manager, video);
        const images = i % 3;
        await insertImages(manager, moment, images);
        if (images > 0) withImages.push(moment);
      }
      return withImages.sort();
    });
    const { all, page } = await storage.read(async (manager) => {
      const moments = new MomentQueryRepository(manager);
      return {
        all: await moments.pageWithImages({}),
        page: await moments.pageWithImages({ limit: 2, offset: 1 }),
      };
    });
    t.deepEqual(all, expected);
    t.deepEqual(page, expected.slice(1, 3));
  });

  test(`${backend}: moments of a concept with images come once each, by recorded time (fast) or by UUID, paged, and counted alike`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const concept = `Concept ${randomUUID()}`;
    const toConcept = `To ${randomUUID()}`;
    const video = randomUUID();
    const expected = await storage.transaction(async (manager) => {
      const moments: { uuid: string; second: number }[] = [];
      // Recorded out of UUID order; every third moment has no image, every other one two.
      for (const second of [5, 1, 8, 3, 0, 7, 2, 6, 4]) {
        const moment = await insertMoment(manager, video, recordedAt(second));
        await insertObservation(manager, moment, ["eating"], concept, toConcept);
        if (second % 2 === 0) await insertObservation(manager, moment, ["eating"], concept, toConcept);
        const images = second % 3;
        await insertImages(manager, moment, images);
        if (images > 0) moments.push({ uuid: moment, second });
      }
      const other = await insertMoment(manager, video, recordedAt(9));
      await insertObservation(manager, other, [], "Another concept", "self");
      await insertImages(manager, other, 1);
      return moments.sort((a, b) => a.second - b.second).map((moment) => moment.uuid);
    });
    const found = await storage.read(async (manager) => {
      const fast = new FastImageRepository(manager);
      return {
        all: await fast.momentsWithImagesByConcept(concept, {}),
        page: await fast.momentsWithImagesByConcept(concept, { limit: 2, offset: 1 }),
        byToConcept: await fast.momentsWithImagesByToConcept(toConcept, {}),
        byUuid: await new MomentQueryRepository(manager).pageByConcept(concept, true, {}),
        byUuidPage: await new MomentQueryRepository(manager).pageByConcept(concept, true, {
          limit: 2,
          offset: 1,
        }),
        count: await new MomentQueryRepository(manager).countByConceptWithImages(concept),
      };
    });
    t.is(expected.length, 6);
    t.deepEqual(found.all, expected);
    t.deepEqual(found.page, expected.slice(1, 3));
    t.deepEqual(found.byToConcept, expected);
    const byUuid = [...expected].sort();
    t.deepEqual(found.byUuid, byUuid);
    t.deepEqual(found.byUuidPage, byUuid.slice(1, 3));
    t.is(found.count, expected.length);
  });

  test(`${backend}: a video's images come on their moments, by moment UUID then URL (not recorded time), without other videos'`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const video = randomUUID();
    const expected = await storage.transaction(async (manager) => {
      const images: { moment: string; url: string; second: number }[] = [];
      for (const second of [4, 1, 3, 0, 2]) {
        const moment = await insertMoment(manager, video, recordedAt(second));
        for (const url of await insertImages(manager, moment, second % 3))
          images.push({ moment, url, second });
      }
      await insertImages(manager, await insertMoment(manager, randomUUID(), recordedAt(0)), 2);
      return images.sort((a, b) => compareText(a.moment, b.moment) || compareText(a.url, b.url));
    });
    const listed = await storage.read((manager) =>
      new ImageReferenceRepository(manager).listImagesByVideo(video),
    );
    const paged = await storage.read((manager) =>
      new FastImageRepository(manager).imagesOfVideo(video, { limit: 2, offset: 1 }),
    );
    t.deepEqual(
      listed.map(({ image, moment }) => ({
        moment: image.imagedMomentUuid,
        url: image.url,
        second: Number(moment.recordedTimestamp?.toString().slice(17, 19)),
      })),
      expected,
    );
    t.true(
      listed.every(
        ({ image, moment }) => moment.uuid === image.imagedMomentUuid && moment.videoReferenceUuid === video,
      ),
    );
    t.is(paged.length, 2);
    t.true(paged.every(({ moment }) => moment.videoReferenceUuid === video));
  });
}
