import type { EntityManager } from "typeorm";
import { leftFirstJoin } from "../../../kit/sql/dialect-hints.js";
import type { Page } from "../../../kit/sql/page.js";
import { pageClause } from "../../../kit/sql/page.js";
import { byText } from "../../../kit/sql/text-order.js";
import { columnList } from "../../../kit/storage/column-lists.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ANNOTATION_TABLES } from "../../annotation-tables.js";
import { AssociationEntity } from "../../entities/association.entity.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { ObservationEntity } from "../../entities/observation.entity.js";
import { recordChanges, recordChangesFound } from "../../events/change-recorder.js";
import { ChangedRowsRepository } from "../../events/changed-rows.repository.js";
import { insertInChunks } from "../../moments/repositories/insert-in-chunks.js";
import { observationOfRow, type Row } from "../../shared/row-mappers.js";

const OBSERVATION_COLUMNS = columnList(ANNOTATION_TABLES.observations, "o");

/** The fields a single-row or bulk update may set. */
export type ObservationChanges = Partial<
  Pick<
    ObservationEntity,
    | "concept"
    | "observer"
    | "activity"
    | "group"
    | "durationMillis"
    | "observationTimestamp"
    | "imagedMomentUuid"
  >
>;

/** Rows of `observations`; lists are ordered by observation UUID. */
export class ObservationRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<ObservationEntity | null> {
    return this.manager.findOneBy(ObservationEntity, { uuid });
  }

  /** The observation owning the association, if both exist. */
  findByAssociation(associationUuid: string): Promise<ObservationEntity | null> {
    return this.query()
      .innerJoin(AssociationEntity, "a", "a.observationUuid = o.uuid")
      .where("a.uuid = :associationUuid", { associationUuid })
      .getOne();
  }

  /**
   * The video's observations by UUID. A bounded page is chosen from the keys alone (the video's
   * moment index, then the observations' moment index), then only its rows are read: MariaDB read
   * all 2,000 observation rows of a video of bench:routes to sort them and keep 100 (5.6-7.8 ms
   * against 3.7-5.4 ms). The page drives the join (leftFirstJoin), as for the fast pages.
   */
  async listByVideoReference(videoReferenceUuid: string, page: Page): Promise<ObservationEntity[]> {
    if (page.limit !== undefined) {
      const limit = pageClause(page);
      const rows: Row[] = await this.manager.query(
        `SELECT ${OBSERVATION_COLUMNS}
           FROM (SELECT o.uuid FROM imaged_moments im JOIN observations o ON o.imaged_moment_uuid = im.uuid
                  WHERE im.video_reference_uuid = ? ORDER BY o.uuid${limit.sql}) p
          ${leftFirstJoin(this.manager)} observations o ON o.uuid = p.uuid
          ORDER BY o.uuid`,
        [videoReferenceUuid, ...limit.params],
      );
      return rows.map(observationOfRow);
    }
    const query = this.query()
      .innerJoin(ImagedMomentEntity, "im", "im.uuid = o.imagedMomentUuid")
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .orderBy("o.uuid");
    if (page.offset !== undefined) query.offset(page.offset);
    return query.getMany();
  }

  async listByMoments(imagedMomentUuids: readonly string[]): Promise<ObservationEntity[]> {
    const rows = await queryInChunks(imagedMomentUuids, (chunk) =>
      this.query().where("o.imagedMomentUuid IN (:...chunk)", { chunk }).getMany(),
    );
    return rows.sort(byUuid);
  }

  async listByUuids(uuids: readonly string[]): Promise<ObservationEntity[]> {
    const rows = await queryInChunks(uuids, (chunk) =>
      this.query().where("o.uuid IN (:...chunk)", { chunk }).getMany(),
    );
    return rows.sort(byUuid);
  }

  async insertMany(observations: readonly ObservationEntity[]): Promise<void> {
    await insertInChunks(this.manager, ObservationEntity, observations);
    await recordChanges(
      this.manager,
      "CREATED",
      "OBSERVATION",
      observations.map((observation) => observation.uuid),
    );
  }

  async update(uuid: string, changes: ObservationChanges, lastUpdatedTime: Instant): Promise<void> {
    await recordChanges(this.manager, "UPDATED", "OBSERVATION", [uuid]);
    await this.manager.update(ObservationEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  async clearDuration(uuid: string, lastUpdatedTime: Instant): Promise<void> {
    await recordChanges(this.manager, "UPDATED", "OBSERVATION", [uuid]);
    await this.manager.update(ObservationEntity, { uuid }, { durationMillis: null, lastUpdatedTime });
  }

  /** Sets the same changes on every listed observation, one statement per chunk. */
  async updateMany(uuids: readonly string[], changes: ObservationChanges, lastUpdatedTime: Instant) {
    await recordChanges(this.manager, "UPDATED", "OBSERVATION", uuids);
    await queryInChunks(uuids, async (chunk) => {
      await this.manager
        .createQueryBuilder()
        .update(ObservationEntity)
        .set({ ...changes, lastUpdatedTime })
        .where("uuid IN (:...chunk)", { chunk })
        .execute();
      return [];
    });
  }

  /** Deletes the observations (their associations first); returns the imaged moments they were on. */
  async deleteMany(uuids: readonly string[]): Promise<string[]> {
    const moments = await queryInChunks(uuids, async (chunk) => {
      const rows = await this.query()
        .select("o.imagedMomentUuid", "moment")
        .addSelect("o.uuid", "uuid")
        .where("o.uuid IN (:...chunk)", { chunk })
        .getRawMany<{ moment: string; uuid: string }>();
      if (rows.length === 0) return [];
      await recordChangesFound(this.manager, "DELETED", "ASSOCIATION", () =>
        new ChangedRowsRepository(this.manager).associationsOfObservations(chunk),
      );
      await recordChanges(
        this.manager,
        "DELETED",
        "OBSERVATION",
        rows.map((row) => row.uuid),
      );
      await this.manager
        .createQueryBuilder()
        .delete()
        .from(AssociationEntity)
        .where("observation_uuid IN (:...chunk)", { chunk })
        .execute();
      await this.manager.createQueryBuilder().delete().from(ObservationEntity).whereInIds(chunk).execute();
      return rows.map((row) => row.moment);
    });
    return [...new Set(moments)];
  }

  private query() {
    return this.manager.getRepository(ObservationEntity).createQueryBuilder("o");
  }
}

const byUuid = byText((row: { uuid: string }) => row.uuid);
