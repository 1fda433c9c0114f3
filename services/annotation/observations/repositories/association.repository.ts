import type { EntityManager } from "typeorm";
import { forceIndex, leftFirstJoin } from "../../../kit/sql/dialect-hints.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { compareText } from "../../../kit/sql/text-order.js";
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
import { associationOfRow, type Row } from "../../shared/row-mappers.js";

const ASSOCIATION_COLUMNS = columnList(ANNOTATION_TABLES.associations, "a");

export type AssociationChanges = Partial<
  Pick<AssociationEntity, "linkName" | "toConcept" | "linkValue" | "mimeType" | "observationUuid">
>;

/** The new link fields of one association in a bulk overwrite. */
export interface AssociationOverwrite {
  uuid: string;
  linkName: string;
  toConcept: string;
  linkValue: string;
  mimeType?: string;
}

/** Rows per bulk UPDATE: 4 CASE pairs per row stay far below the bound-parameter limits. */
const OVERWRITE_CHUNK = 200;

/** An association with the imaged moment of its observation. */
export interface OwnedAssociation {
  association: AssociationEntity;
  imagedMomentUuid: string;
}

/** An association flattened with its observation's concept and video reference. */
export interface ConceptAssociationRow {
  association: AssociationEntity;
  concept: string | null;
  videoReferenceUuid: string;
}

/** Rows of `associations`; lists are ordered by association UUID. */
export class AssociationRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<AssociationEntity | null> {
    return this.manager.findOneBy(AssociationEntity, { uuid });
  }

  /** The associations with those UUIDs, each with its imaged moment, ordered by UUID. */
  async listOwned(uuids: readonly string[]): Promise<OwnedAssociation[]> {
    const rows = await queryInChunks(uuids, async (chunk) => {
      const { entities, raw } = await this.query()
        .innerJoin(ObservationEntity, "o", "o.uuid = a.observationUuid")
        .addSelect("o.imagedMomentUuid", "owner_moment")
        .where("a.uuid IN (:...chunk)", { chunk })
        .orderBy("a.uuid")
        .getRawAndEntities<{ owner_moment: string }>();
      return entities.map((association, index) => ({
        association,
        imagedMomentUuid: raw[index]?.owner_moment ?? "",
      }));
    });
    return rows.sort((x, y) => compareText(x.association.uuid, y.association.uuid));
  }

  async listByObservations(observationUuids: readonly string[]): Promise<AssociationEntity[]> {
    const rows = await queryInChunks(observationUuids, (chunk) =>
      this.query().where("a.observationUuid IN (:...chunk)", { chunk }).getMany(),
    );
    return rows.sort((x, y) => compareText(x.uuid, y.uuid));
  }

  /**
   * Associations with the link name on observations of the video (and of the concept, when
   * given). Read from the video's moments down, an order each engine is held to
   * (leftFirstJoin): SQLite, which keeps no statistics, started from the link name's index,
   * visiting every association of that name in the table (3,400 of 10,000 in bench:routes) to
   * keep the video's 60; MariaDB walked all 10,000 in key order to skip the sort of the 60.
   * MariaDB is also held to the observation's index for the associations: on statistics
   * sampled just after a load it joined them by scanning the table into a join buffer (566 ms
   * against 4-7 ms, bench:routes' data set).
   */
  async listByVideoAndLinkName(
    videoReferenceUuid: string,
    linkName: string,
    concept?: string,
  ): Promise<AssociationEntity[]> {
    const join = leftFirstJoin(this.manager);
    const rows: Row[] = await this.manager.query(
      `SELECT ${ASSOCIATION_COLUMNS}
         FROM imaged_moments im
        ${join} observations o ON o.imaged_moment_uuid = im.uuid
        ${join} associations a${forceIndex(this.manager, "idx_associations__observation_uuid")} ON a.observation_uuid = o.uuid
        WHERE im.video_reference_uuid = ? AND a.link_name = ?${concept === undefined ? "" : " AND o.concept = ?"}
        ORDER BY a.uuid`,
      concept === undefined ? [videoReferenceUuid, linkName] : [videoReferenceUuid, linkName, concept],
    );
    return rows.map(associationOfRow);
  }

  async listConceptAssociations(
    videoReferenceUuids: readonly string[],
    linkName: string,
  ): Promise<ConceptAssociationRow[]> {
    const rows = await queryInChunks(videoReferenceUuids, async (chunk) => {
      const { entities, raw } = await this.query()
        .innerJoin(ObservationEntity, "o", "o.uuid = a.observationUuid")
        .innerJoin(ImagedMomentEntity, "im", "im.uuid = o.imagedMomentUuid")
        .addSelect("o.concept", "owner_concept")
        .addSelect("im.videoReferenceUuid", "owner_video")
        .where("im.videoReferenceUuid IN (:...chunk)", { chunk })
        .andWhere("a.linkName = :linkName", { linkName })
        .orderBy("a.uuid")
        .getRawAndEntities<{ owner_concept: string | null; owner_video: string }>();
      return entities.map((association, index) => ({
        association,
        concept: raw[index]?.owner_concept ?? null,
        videoReferenceUuid: raw[index]?.owner_video ?? "",
      }));
    });
    return rows.sort((x, y) => compareText(x.association.uuid, y.association.uuid));
  }

  countByToConcept(toConcept: string): Promise<number> {
    return this.query().where("a.toConcept = :toConcept", { toConcept }).getCount();
  }

  async insertMany(associations: readonly AssociationEntity[]): Promise<void> {
    await insertInChunks(this.manager, AssociationEntity, associations);
    await recordChanges(
      this.manager,
      "CREATED",
      "ASSOCIATION",
      associations.map((association) => association.uuid),
    );
  }

  async update(uuid: string, changes: AssociationChanges, lastUpdatedTime: Instant): Promise<void> {
    await recordChanges(this.manager, "UPDATED", "ASSOCIATION", [uuid]);
    await this.manager.update(AssociationEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  /** Overwrites each row's link fields (and MIME type when given) with CASE statements, a chunk at a time. */
  async overwriteEach(rows: readonly AssociationOverwrite[], lastUpdatedTime: Instant): Promise<void> {
    for (let start = 0; start < rows.length; start += OVERWRITE_CHUNK) {
      const chunk = rows.slice(start, start + OVERWRITE_CHUNK);
      const parameters: unknown[] = [];
      const caseOf = (column: string, pick: (row: AssociationOverwrite) => string | undefined) => {
        const given = chunk.filter((row) => pick(row) !== undefined);
        if (given.length === 0) return undefined;
        for (const row of given) parameters.push(row.uuid, pick(row));
        return `${column} = CASE uuid ${given.map(() => "WHEN ? THEN ?").join(" ")} ELSE ${column} END`;
      };
      const assignments = [
        caseOf("link_name", (row) => row.linkName),
        caseOf("to_concept", (row) => row.toConcept),
        caseOf("link_value", (row) => row.linkValue),
        caseOf("mime_type", (row) => row.mimeType),
      ].filter((assignment) => assignment !== undefined);
      parameters.push(lastUpdatedTime.toSql(), ...chunk.map((row) => row.uuid));
      await recordChanges(
        this.manager,
        "UPDATED",
        "ASSOCIATION",
        chunk.map((row) => row.uuid),
      );
      await this.manager.query(
        `UPDATE associations SET ${assignments.join(", ")}, last_updated_timestamp = ?
         WHERE uuid IN (${placeholders(chunk.length)})`,
        parameters,
      );
    }
  }

  async renameToConcept(oldConcept: string, newConcept: string, lastUpdatedTime: Instant): Promise<number> {
    await recordChangesFound(this.manager, "UPDATED", "ASSOCIATION", () =>
      new ChangedRowsRepository(this.manager).associationsWithToConcept(oldConcept),
    );
    const result = await this.manager
      .createQueryBuilder()
      .update(AssociationEntity)
      .set({ toConcept: newConcept, lastUpdatedTime })
      .where("to_concept = :oldConcept", { oldConcept })
      .execute();
    return result.affected ?? 0;
  }

  /** Deletes the associations; returns how many existed. */
  async deleteMany(uuids: readonly string[]): Promise<number> {
    await recordChangesFound(this.manager, "DELETED", "ASSOCIATION", () =>
      new ChangedRowsRepository(this.manager).existingAssociations(uuids),
    );
    const counts = await queryInChunks(uuids, async (chunk) => {
      const result = await this.manager
        .createQueryBuilder()
        .delete()
        .from(AssociationEntity)
        .whereInIds(chunk)
        .execute();
      return [result.affected ?? 0];
    });
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private query() {
    return this.manager.getRepository(AssociationEntity).createQueryBuilder("a");
  }
}
