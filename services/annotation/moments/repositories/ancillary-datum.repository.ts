import type { EntityManager } from "typeorm";
import { dialectOf, forceIndex } from "../../../kit/sql/dialect-hints.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { prefixedColumnList } from "../../../kit/storage/column-lists.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import { selectWideRows } from "../../../kit/storage/sqlite-wide-rows.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ANNOTATION_TABLES } from "../../annotation-tables.js";
import {
  ANCILLARY_MEASUREMENTS,
  AncillaryDatumEntity,
  MEASUREMENT_COLUMNS,
} from "../../entities/ancillary-datum.entity.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { recordChanges, recordChangesFound } from "../../events/change-recorder.js";
import { ChangedRowsRepository } from "../../events/changed-rows.repository.js";
import { recordAncillaryDataWritten } from "../../events/moment-changes.js";
import { datumOfGraphRow, momentOfGraphRow } from "../../shared/graph-rows.js";
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

/** A datum with the imaged moment it belongs to. */
export interface DatumOfMoment {
  datum: AncillaryDatumEntity;
  moment: ImagedMomentEntity;
}

const MOMENT_AND_DATUM_COLUMNS = [
  prefixedColumnList(ANNOTATION_TABLES.imaged_moments, "im"),
  prefixedColumnList(ANNOTATION_TABLES.ancillary_data, "ad", ["imaged_moment_uuid"]),
].join(", ");

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

  /**
   * The data of a video's imaged moments, each with its moment, in one statement ordered by
   * moment UUID: the legacy service lists the video's moments in UUID order and keeps those with
   * data. The video's moments are read from the (video_reference_uuid, uuid) index, in that
   * order, so nothing is sorted: MariaDB otherwise took its (video, elapsed time) index and
   * sorted the video's moments.
   */
  async listWithMomentsByVideo(videoReferenceUuid: string): Promise<DatumOfMoment[]> {
    const rows = await selectWideRows(
      this.manager,
      `SELECT ${MOMENT_AND_DATUM_COLUMNS}
         FROM imaged_moments im${forceIndex(this.manager, "idx_imaged_moment__video_reference_uuid")}
         JOIN ancillary_data ad ON ad.imaged_moment_uuid = im.uuid
        WHERE im.video_reference_uuid = ?
        ORDER BY im.uuid`,
      [videoReferenceUuid],
    );
    return rows.map((row) => ({
      datum: datumOfGraphRow(row, row.im_uuid as string),
      moment: momentOfGraphRow(row),
    }));
  }

  async insert(datum: AncillaryDatumEntity): Promise<void> {
    await this.manager.insert(AncillaryDatumEntity, datum);
    await recordChanges(this.manager, "CREATED", "ANCILLARY_DATUM", [datum.uuid]);
  }

  /** Inserts or updates one row per imaged moment, a few hundred rows per statement. */
  async upsertMany(rows: readonly AncillaryDatumEntity[], mode: UpsertMode): Promise<void> {
    const dialect = dialectOf(this.manager);
    const mysql = dialect === "mysql";
    // PostgreSQL reads a bare column beside `excluded` as ambiguous: the stored row's is named.
    const stored = dialect === "postgres" ? "ancillary_data." : "";
    const assign = MEASURED_COLUMNS.map((column) => {
      const incoming = mysql ? `VALUES(${column})` : `excluded.${column}`;
      return `${column} = ${mode === "merge" ? `COALESCE(${incoming}, ${stored}${column})` : incoming}`;
    });
    const stamp = mysql ? "VALUES(last_updated_timestamp)" : "excluded.last_updated_timestamp";
    const conflict = mysql ? "ON DUPLICATE KEY UPDATE" : "ON CONFLICT (imaged_moment_uuid) DO UPDATE SET";
    await recordAncillaryDataWritten(this.manager, rows);
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
    await recordChanges(this.manager, "UPDATED", "ANCILLARY_DATUM", [uuid]);
    await this.manager.update(AncillaryDatumEntity, { uuid }, { ...changes, lastUpdatedTime });
  }

  async deleteByVideo(videoReferenceUuid: string): Promise<number> {
    await recordChangesFound(this.manager, "DELETED", "ANCILLARY_DATUM", async () => {
      const rows = new ChangedRowsRepository(this.manager);
      return rows.ancillaryDataOfMoments(await rows.momentsOfVideo(videoReferenceUuid));
    });
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
