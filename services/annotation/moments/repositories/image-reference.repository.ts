import type { EntityManager } from "typeorm";
import { LIKE_ESCAPE, likeLiteral } from "../../../kit/sql/like.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { recordChanges, recordChangesFound } from "../../events/change-recorder.js";
import { PREFIXED_MOMENT_COLUMNS } from "../../fast/repositories/fast-rows.js";
import { IMAGE_COLUMNS, imageOfRow, momentOfGraphRow } from "../../shared/graph-rows.js";
import type { Row } from "../../shared/row-mappers.js";
import { videoImagesFrom } from "./video-images.sql.js";

export type ImageReferenceChanges = Partial<Omit<ImageReferenceEntity, "uuid" | "lastUpdatedTime">>;

/** An image reference with its imaged moment (the legacy Image record). */
export interface ImageRow {
  image: ImageReferenceEntity;
  moment: ImagedMomentEntity;
}

/** Rows of `image_references`. */
export class ImageReferenceRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<ImageReferenceEntity | null> {
    return this.manager.findOneBy(ImageReferenceEntity, { uuid });
  }

  findByUrl(url: string): Promise<ImageReferenceEntity | null> {
    return this.manager.findOneBy(ImageReferenceEntity, { url });
  }

  /** The images of the moments, ordered by URL. */
  async listByMoments(imagedMomentUuids: readonly string[]): Promise<ImageReferenceEntity[]> {
    const rows = await queryInChunks(imagedMomentUuids, (chunk) =>
      this.query().where("ir.imagedMomentUuid IN (:...chunk)", { chunk }).getMany(),
    );
    return rows.sort((a, b) => compareText(a.url, b.url));
  }

  async findImage(where: { uuid: string } | { url: string }): Promise<ImageRow | undefined> {
    const [row] = await this.images("uuid" in where ? "ir.uuid = :uuid" : "ir.url = :url", where, "ir.url");
    return row;
  }

  /**
   * The images of a video (raw rows, no entity hydration), ordered by moment UUID as the legacy
   * service lists the video's moments, then by URL (it left a moment's images unordered). The
   * sort is of the video's images only, as the recorded-time order's was.
   */
  async listImagesByVideo(videoReferenceUuid: string): Promise<ImageRow[]> {
    const rows: Row[] = await this.manager.query(
      `SELECT ${IMAGE_COLUMNS}, ${PREFIXED_MOMENT_COLUMNS}
       FROM ${videoImagesFrom(this.manager)} ORDER BY im.uuid, ir.url`,
      [videoReferenceUuid],
    );
    return rows.map((row) => ({ image: imageOfRow(row), moment: momentOfGraphRow(row) }));
  }

  /** The images whose URL contains the name, ordered by URL. */
  listImagesByName(name: string): Promise<ImageRow[]> {
    return this.images(
      `ir.url LIKE :pattern ${LIKE_ESCAPE}`,
      { pattern: `%${likeLiteral(name)}%` },
      "ir.url",
    );
  }

  async insert(image: ImageReferenceEntity): Promise<void> {
    await this.manager.insert(ImageReferenceEntity, image);
    await recordChanges(this.manager, "CREATED", "IMAGE_REFERENCE", [image.uuid]);
  }

  async update(uuid: string, changes: ImageReferenceChanges, lastUpdatedTime: Instant): Promise<void> {
    await recordChanges(this.manager, "UPDATED", "IMAGE_REFERENCE", [uuid]);
    await this.manager.update(ImageReferenceEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  async delete(uuid: string): Promise<void> {
    // Noted before the delete (for its history), and only if it exists (no event for nothing).
    await recordChangesFound(this.manager, "DELETED", "IMAGE_REFERENCE", async () =>
      (await this.manager.existsBy(ImageReferenceEntity, { uuid })) ? [uuid] : [],
    );
    await this.manager.delete(ImageReferenceEntity, { uuid });
  }

  private async images(where: string, params: Record<string, unknown>, orderBy: string): Promise<ImageRow[]> {
    const rows = await this.query()
      .innerJoinAndMapOne("ir.moment", ImagedMomentEntity, "im", "im.uuid = ir.imagedMomentUuid")
      .where(where, params)
      .orderBy(orderBy)
      .addOrderBy("ir.url")
      .getMany();
    return rows.map((row) => {
      const { moment, ...image } = row as ImageReferenceEntity & { moment: ImagedMomentEntity };
      return { image, moment };
    });
  }

  private query() {
    return this.manager.getRepository(ImageReferenceEntity).createQueryBuilder("ir");
  }
}
