/**
 * The pages of moments by link name and of moments with images, on both engines: each moment
 * once however many observations, associations or images it has, in UUID order, paged by
 * limit and offset, and the link name's count of moments agreeing with its pages.
 */
import { randomUUID } from "node:crypto";
import test from "ava";
import type { EntityManager } from "typeorm";
import { MomentQueryRepository } from "../../../services/annotation/moments/repositories/moment-query.repository.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

const WHEN = "2024-01-01 00:00:00.000000";

async function insertMoment(manager: EntityManager, video: string): Promise<string> {
  const uuid = randomUUID();
  await manager.query(
    "INSERT INTO imaged_moments (uuid, video_reference_uuid, last_updated_timestamp) VALUES (?, ?, ?)",
    [uuid, video, WHEN],
  );
  return uuid;
}

async function insertObservation(manager: EntityManager, moment: string, linkNames: string[]): Promise<void> {
  const observation = randomUUID();
  await manager.query(
    `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observation_timestamp, last_updated_timestamp)
     VALUES (?, ?, 'Nanomia', ?, ?)`,
    [observation, moment, WHEN, WHEN],
  );
  for (const linkName of linkNames) {
    await manager.query(
      `INSERT INTO associations (uuid, observation_uuid, link_name, link_value, to_concept, mime_type, last_updated_timestamp)
       VALUES (?, ?, ?, 'nil', 'self', 'text/plain', ?)`,
      [randomUUID(), observation, linkName, WHEN],
    );
  }
}

async function insertImages(manager: EntityManager, moment: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await manager.query(
      "INSERT INTO image_references (uuid, imaged_moment_uuid, url, last_updated_timestamp) VALUES (?, ?, ?, ?)",
      [randomUUID(), moment, `http://example.org/${randomUUID()}.jpg`, WHEN],
    );
  }
}

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
}
