import type { EntityManager } from "typeorm";
import { leftFirstJoin } from "../../../kit/sql/dialect-hints.js";
import { orderTerm } from "../../../kit/sql/null-order.js";
import { type Page, pageClause } from "../../../kit/sql/page.js";
import type { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { videoImagesFrom } from "../../moments/repositories/video-images.sql.js";
import { IMAGE_COLUMNS, imageOfRow, momentOfGraphRow } from "../../shared/graph-rows.js";
import type { Row } from "../../shared/row-mappers.js";
import { PREFIXED_MOMENT_COLUMNS } from "./fast-rows.js";

/** The moments' recorded time as the lists' first key, moments without one first on every engine. */
const RECORDED_ORDER = (on: EntityManager) => orderTerm(on, "im.recorded_timestamp");

/** An image reference on its imaged moment. */
export interface ImageOnMoment {
  image: ImageReferenceEntity;
  moment: ImagedMomentEntity;
}

/** Fast reads of images and of imaged moments that have images. */
export class FastImageRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * A page of the video's images, ordered by recorded timestamp (the legacy order; moments
   * without one first, on every engine) then image UUID.
   */
  async imagesOfVideo(videoReferenceUuid: string, page: Page): Promise<ImageOnMoment[]> {
    const limit = pageClause(page);
    const rows: Row[] = await this.manager.query(
      `SELECT ${IMAGE_COLUMNS}, ${PREFIXED_MOMENT_COLUMNS}
       FROM ${videoImagesFrom(this.manager)} ORDER BY ${RECORDED_ORDER(this.manager)}, ir.uuid${limit.sql}`,
      [videoReferenceUuid, ...limit.params],
    );
    return rows.map((row) => ({ image: imageOfRow(row), moment: momentOfGraphRow(row) }));
  }

  async countImagesOfVideo(videoReferenceUuid: string): Promise<number> {
    const rows: Row[] = await this.manager.query(
      `SELECT COUNT(*) AS n FROM imaged_moments im JOIN image_references ir ON ir.imaged_moment_uuid = im.uuid
       WHERE im.video_reference_uuid = ?`,
      [videoReferenceUuid],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Distinct UUIDs of moments with images and an observation of the concept, by recorded timestamp then UUID. */
  momentsWithImagesByConcept(concept: string, page: Page): Promise<string[]> {
    return this.momentUuids(
      `FROM observations o ${this.imagesAndMoments()} WHERE o.concept = ?`,
      concept,
      page,
    );
  }

  /** The same, for moments with an observation having an association to the concept. */
  momentsWithImagesByToConcept(toConcept: string, page: Page): Promise<string[]> {
    return this.momentUuids(
      `FROM associations a ${leftFirstJoin(this.manager)} observations o ON o.uuid = a.observation_uuid
       ${this.imagesAndMoments()} WHERE a.to_concept = ?`,
      toConcept,
      page,
    );
  }

  /**
   * The images of each observation's moment, then that moment, joined in this order: with the
   * images' EXISTS MariaDB built a table of all 5,000 images' moments of bench:routes for every
   * page of a concept of 509 observations (4-7 ms against 3.5-5 ms probing the images' index).
   */
  private imagesAndMoments(): string {
    const join = leftFirstJoin(this.manager);
    return `${join} image_references ir ON ir.imaged_moment_uuid = o.imaged_moment_uuid
      ${join} imaged_moments im ON im.uuid = o.imaged_moment_uuid`;
  }

  private async momentUuids(fromWhere: string, value: string, page: Page): Promise<string[]> {
    const limit = pageClause(page);
    const rows: Row[] = await this.manager.query(
      `SELECT DISTINCT im.uuid, im.recorded_timestamp ${fromWhere}
       ORDER BY ${RECORDED_ORDER(this.manager)}, im.uuid${limit.sql}`,
      [value, ...limit.params],
    );
    return rows.map((row) => row.uuid as string);
  }
}
