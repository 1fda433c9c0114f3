import type { EntityManager } from "typeorm";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  ANCILLARY_MEASUREMENTS,
  AncillaryDatumEntity,
  MEASUREMENT_COLUMNS,
} from "../../entities/ancillary-datum.entity.js";
import { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { execute } from "./column-update.sql.js";

const ROWS_PER_STATEMENT = 200;

/** Column of each measurement, in ANCILLARY_MEASUREMENTS order (the order valuesOf gives their values). */
const MEASURED_COLUMNS = ANCILLARY_MEASUREMENTS.map((field) => MEASUREMENT_COLUMNS[field]);

const COLUMNS = ["uuid", "imaged_moment_uuid", ...MEASURED_COLUMNS, "last_updated_timestamp"];

/**
 * How an upsert treats a moment that already has data: "merge" keeps the stored value of
 * every measurement the new row leaves empty; "replace" overwrites them all.
 */
export type UpsertMode = "merge" | "replace";

/** Rows of `ancillary_data`, at most one per imaged moment. */
export class AncillaryDatumRepository {
  constructor(private readonly manager: EntityManager) {}

  findByUuid(uuid: string): Promise<AncillaryDatumEntity | null> {
    return this.manager.findOneBy(AncillaryDatumEntity, { uuid });
  }

  findByMoment(imagedMomentUuid: string): Promise<AncillaryDatumEntity | null> {
    return this.manager.findOneBy(AncillaryDatumEntity, { imagedMomentUuid });
  }

  listByMoments(imagedMomentUuids: readonly string[]): Promise<AncillaryDatumEntity[]> {
    return queryInChunks(imagedMomentUuids, (chunk) =>
      this.query().where("ad.imagedMomentUuid IN (:...chunk)", { chunk }).getMany(),
    );
  }

  /** The data of a video's imaged moments: one statement, joined on the moment's video. */
  listByVideo(videoReferenceUuid: string): Promise<AncillaryDatumEntity[]> {
    return this.query()
      .innerJoin(ImagedMomentEntity, "im", "im.uuid = ad.imagedMomentUuid")
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .getMany();
  }

  /** The imaged moments of a video that have data: one statement. */
  momentsWithDataOfVideo(videoReferenceUuid: string): Promise<ImagedMomentEntity[]> {
    return this.manager
      .getRepository(ImagedMomentEntity)
      .createQueryBuilder("im")
      .innerJoin(AncillaryDatumEntity, "ad", "ad.imagedMomentUuid = im.uuid")
      .where("im.videoReferenceUuid = :videoReferenceUuid", { videoReferenceUuid })
      .getMany();
  }

  async insert(datum: AncillaryDatumEntity): Promise<void> {
    await this.manager.insert(AncillaryDatumEntity, datum);
  }

  /** Inserts or updates one row per imaged moment, a few hundred rows per statement. */
  async upsertMany(rows: readonly AncillaryDatumEntity[], mode: UpsertMode): Promise<void> {
    const mysql = this.manager.connection.options.type === "mysql";
    const assign = MEASURED_COLUMNS.map((column) => {
      const incoming = mysql ? `VALUES(${column})` : `excluded.${column}`;
      return `${column} = ${mode === "merge" ? `COALESCE(${incoming}, ${column})` : incoming}`;
    });
    const stamp = mysql ? "VALUES(last_updated_timestamp)" : "excluded.last_updated_timestamp";
    const conflict = mysql ? "ON DUPLICATE KEY UPDATE" : "ON CONFLICT (imaged_moment_uuid) DO UPDATE SET";
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      await this.manager.query(
        `INSERT INTO ancillary_data (${COLUMNS.join(", ")}) VALUES ${chunk.map(() => `(${placeholders(COLUMNS.length)})`).join(", ")}
         ${conflict} ${assign.join(", ")}, last_updated_timestamp = ${stamp}`,
        chunk.flatMap(valuesOf),
      );
    }
  }

  async replace(uuid: string, datum: AncillaryDatumEntity, lastUpdatedTime: Instant): Promise<void> {
    const changes = Object.fromEntries(ANCILLARY_MEASUREMENTS.map((field) => [field, datum[field]]));
    await this.manager.update(AncillaryDatumEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  async deleteByVideo(videoReferenceUuid: string): Promise<number> {
    return execute(
      this.manager,
      `DELETE FROM ancillary_data WHERE imaged_moment_uuid IN
       (SELECT uuid FROM imaged_moments WHERE video_reference_uuid = ?)`,
      [videoReferenceUuid],
    );
  }

  private query() {
    return this.manager.getRepository(AncillaryDatumEntity).createQueryBuilder("ad");
  }
}

function valuesOf(datum: AncillaryDatumEntity): unknown[] {
  return [
    datum.uuid,
    datum.imagedMomentUuid,
    ...ANCILLARY_MEASUREMENTS.map((field) => datum[field]),
    datum.lastUpdatedTime.toSql(),
  ];
}
