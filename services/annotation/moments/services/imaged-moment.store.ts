import type { EntityManager } from "typeorm";
import { groupBy } from "../../../kit/collections/group-by.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ImagedMomentStore, MomentGraph } from "../../contracts/imaged-moment-store.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { AncillaryDatumRepository } from "../repositories/ancillary-datum.repository.js";
import { ImageReferenceRepository } from "../repositories/image-reference.repository.js";
import { ImagedMomentRepository } from "../repositories/imaged-moment.repository.js";
import { MomentLockRepository } from "../repositories/moment-lock.repository.js";
import { hasNoIndex, resolveMoments } from "./moment-match.rules.js";

/** The shared imaged-moment building blocks (see ImagedMomentStore). */
export function createImagedMomentStore(): ImagedMomentStore {
  return {
    async findOrCreate(manager, key) {
      const [moment] = (await findOrCreateManyTracked(manager, [key])).moments;
      if (!moment) throw new Error("findOrCreateManyTracked returned no moment for one key");
      return moment;
    },
    findOrCreateMany: async (manager, keys) => (await findOrCreateManyTracked(manager, keys)).moments,
    findOrCreateManyTracked,
    loadMoments,
    deleteIfEmpty: (manager, uuids) => new ImagedMomentRepository(manager).deleteEmpty(uuids),
  };
}

async function findOrCreateManyTracked(
  manager: EntityManager,
  keys: readonly MomentIndexKey[],
): Promise<{ moments: ImagedMomentEntity[]; created: ImagedMomentEntity[] }> {
  if (keys.length === 0) return { moments: [], created: [] };
  const moments = new ImagedMomentRepository(manager);
  const indexed = keys.filter((key) => !hasNoIndex(key));
  await new MomentLockRepository(manager).lockVideos(indexed.map((key) => key.videoReferenceUuid));
  const existing = indexed.length > 0 ? await moments.findCandidates(indexed) : [];
  const resolved = resolveMoments(existing, keys, Instant.now());
  await moments.insertMany(resolved.created);
  return resolved;
}

async function loadMoments(manager: EntityManager, uuids: readonly string[]): Promise<MomentGraph[]> {
  const moments = await new ImagedMomentRepository(manager).findByUuids(uuids);
  if (moments.length === 0) return [];
  const found = moments.map((moment) => moment.uuid);
  const images = await new ImageReferenceRepository(manager).listByMoments(found);
  const data = await new AncillaryDatumRepository(manager).listByMoments(found);
  const dataByMoment = new Map(data.map((datum) => [datum.imagedMomentUuid, datum]));
  const imagesByMoment = groupBy(images, (image) => image.imagedMomentUuid);
  return moments.map((moment) => ({
    moment,
    imageReferences: imagesByMoment.get(moment.uuid) ?? [],
    ancillaryDatum: dataByMoment.get(moment.uuid),
  }));
}
