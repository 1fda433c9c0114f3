import type { EntityManager } from "typeorm";
import { dialectOf } from "../../../kit/sql/dialect-hints.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  ANCILLARY_MEASUREMENTS,
  AncillaryDatumEntity,
  MEASUREMENT_COLUMNS,
} from "../../entities/ancillary-datum.entity.js";
import { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import type { ObservationEntity } from "../../entities/observation.entity.js";
import { recordChanges } from "../../events/change-recorder.js";
import { insertInChunks } from "../../moments/repositories/insert-in-chunks.js";
import { CASE_UPDATE_CHUNK, caseUpdateStatement } from "./case-update.sql.js";

/** Observation columns an annotation update may change, with the entity property each comes from. */
const OBSERVATION_COLUMNS = [
  ["imaged_moment_uuid", "imagedMomentUuid"],
  ["concept", "concept"],
  ["observer", "observer"],
  ["observation_timestamp", "observationTimestamp"],
  ["duration_millis", "durationMillis"],
  ["observation_group", "group"],
  ["activity", "activity"],
] as const satisfies readonly (readonly [string, keyof ObservationEntity])[];

/** Rows per ancillary UPDATE: 17 columns × 2 parameters each. */
const DATA_CHUNK = 50;

/** The set-based writes of bulk annotation creates and updates. */
export class AnnotationWriteRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Writes every listed column of each observation, one statement per chunk. */
  async updateObservations(
    observations: readonly ObservationEntity[],
    lastUpdatedTime: Instant,
  ): Promise<void> {
    const columns = OBSERVATION_COLUMNS.map(([column]) => column);
    for (let start = 0; start < observations.length; start += CASE_UPDATE_CHUNK) {
      const rows = observations.slice(start, start + CASE_UPDATE_CHUNK).map((observation) => ({
        key: observation.uuid,
        values: OBSERVATION_COLUMNS.map(([, property]) => sqlValue(observation[property])),
      }));
      const statement = caseUpdateStatement("observations", "uuid", columns, rows, dialectOf(this.manager), {
        last_updated_timestamp: lastUpdatedTime.toSql(),
      });
      await recordChanges(
        this.manager,
        "UPDATED",
        "OBSERVATION",
        rows.map((row) => row.key),
      );
      await this.manager.query(statement.sql, statement.params);
    }
  }

  /** The URLs among these that some image reference already has. */
  async existingUrls(urls: readonly string[]): Promise<Set<string>> {
    const rows = await queryInChunks(urls, (chunk) =>
      this.manager
        .getRepository(ImageReferenceEntity)
        .createQueryBuilder("ir")
        .select("ir.url", "url")
        .where("ir.url IN (:...chunk)", { chunk })
        .getRawMany<{ url: string }>(),
    );
    return new Set(rows.map((row) => row.url));
  }

  async insertImages(images: readonly ImageReferenceEntity[]): Promise<void> {
    await insertInChunks(this.manager, ImageReferenceEntity, images);
    await recordChanges(
      this.manager,
      "CREATED",
      "IMAGE_REFERENCE",
      images.map((image) => image.uuid),
    );
  }

  /** The data of these imaged moments. */
  dataOfMoments(imagedMomentUuids: readonly string[]): Promise<AncillaryDatumEntity[]> {
    return queryInChunks(imagedMomentUuids, (chunk) =>
      this.manager
        .getRepository(AncillaryDatumEntity)
        .createQueryBuilder("ad")
        .where("ad.imagedMomentUuid IN (:...chunk)", { chunk })
        .getMany(),
    );
  }

  async insertData(data: readonly AncillaryDatumEntity[]): Promise<void> {
    await insertInChunks(this.manager, AncillaryDatumEntity, data);
    await recordChanges(
      this.manager,
      "CREATED",
      "ANCILLARY_DATUM",
      data.map((datum) => datum.uuid),
    );
  }

  /** Replaces every measurement of each datum, one statement per chunk. */
  async replaceData(data: readonly AncillaryDatumEntity[], lastUpdatedTime: Instant): Promise<void> {
    const columns = ANCILLARY_MEASUREMENTS.map((measurement) => MEASUREMENT_COLUMNS[measurement]);
    for (let start = 0; start < data.length; start += DATA_CHUNK) {
      const rows = data.slice(start, start + DATA_CHUNK).map((datum) => ({
        key: datum.uuid,
        values: ANCILLARY_MEASUREMENTS.map((measurement) => datum[measurement]),
      }));
      const statement = caseUpdateStatement(
        "ancillary_data",
        "uuid",
        columns,
        rows,
        dialectOf(this.manager),
        {
          last_updated_timestamp: lastUpdatedTime.toSql(),
        },
      );
      await recordChanges(
        this.manager,
        "UPDATED",
        "ANCILLARY_DATUM",
        rows.map((row) => row.key),
      );
      await this.manager.query(statement.sql, statement.params);
    }
  }
}

/** Instants are written in their database text form; absent values as NULL. */
function sqlValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return typeof value === "object" && "toSql" in value ? (value as Instant).toSql() : value;
}
