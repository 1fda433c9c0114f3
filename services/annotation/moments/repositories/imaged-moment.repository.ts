import type { EntityManager } from "typeorm";
import { byText } from "../../../kit/sql/text-order.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { recordMomentsDeleted } from "../../events/moment-changes.js";
import { insertInChunks } from "./insert-in-chunks.js";
import { findMomentCandidates } from "./moment-candidates.sql.js";

const KEY_CHUNK = 1000;

/** Rows of `imaged_moments`: the writes and key look-ups find-or-create needs. */
export class ImagedMomentRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Moments of the keys' videos that share any index value with a key, ordered by UUID. */
  findCandidates(keys: readonly MomentIndexKey[]): Promise<ImagedMomentEntity[]> {
    return findMomentCandidates(this.manager, keys);
  }

  async insertMany(moments: readonly ImagedMomentEntity[]): Promise<void> {
    await insertInChunks(this.manager, ImagedMomentEntity, moments);
  }

  /** The moments with those UUIDs, ordered by UUID. */
  async findByUuids(uuids: readonly string[]): Promise<ImagedMomentEntity[]> {
    const found: ImagedMomentEntity[] = [];
    const unique = distinct(uuids);
    for (let start = 0; start < unique.length; start += KEY_CHUNK) {
      const chunk = unique.slice(start, start + KEY_CHUNK);
      found.push(
        ...(await this.manager
          .getRepository(ImagedMomentEntity)
          .createQueryBuilder("im")
          .where("im.uuid IN (:...chunk)", { chunk })
          .getMany()),
      );
    }
    return found.sort(byText((moment) => moment.uuid));
  }

  /** Deletes those of the moments with no observation and no image; returns the UUIDs deleted. */
  async deleteEmpty(uuids: readonly string[]): Promise<string[]> {
    const unique = distinct(uuids);
    if (unique.length === 0) return [];
    const empty: string[] = [];
    for (let start = 0; start < unique.length; start += KEY_CHUNK) {
      const chunk = unique.slice(start, start + KEY_CHUNK);
      const rows = await this.manager
        .getRepository(ImagedMomentEntity)
        .createQueryBuilder("im")
        .select("im.uuid", "uuid")
        .where("im.uuid IN (:...chunk)", { chunk })
        .andWhere("NOT EXISTS (SELECT 1 FROM observations o WHERE o.imaged_moment_uuid = im.uuid)")
        .andWhere("NOT EXISTS (SELECT 1 FROM image_references ir WHERE ir.imaged_moment_uuid = im.uuid)")
        .getRawMany<{ uuid: string }>();
      empty.push(...rows.map((row) => row.uuid));
    }
    await this.deleteByUuids(empty);
    return empty;
  }

  /** Deletes the moments (their observations, associations, images and data cascade); returns the count. */
  async deleteByUuids(uuids: readonly string[]): Promise<number> {
    let deleted = 0;
    const unique = distinct(uuids);
    for (let start = 0; start < unique.length; start += KEY_CHUNK) {
      const chunk = unique.slice(start, start + KEY_CHUNK);
      await recordMomentsDeleted(this.manager, chunk);
      const result = await this.manager
        .createQueryBuilder()
        .delete()
        .from(ImagedMomentEntity)
        .where("uuid IN (:...chunk)", { chunk })
        .execute();
      deleted += result.affected ?? 0;
    }
    return deleted;
  }
}

function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
