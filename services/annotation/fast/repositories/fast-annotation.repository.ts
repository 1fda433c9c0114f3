import type { EntityManager } from "typeorm";
import { groupBy } from "../../../kit/collections/group-by.js";
import { forceIndex } from "../../../kit/sql/dialect-hints.js";
import { type Page, pageClause } from "../../../kit/sql/page.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import type { SqlStatement } from "../../../kit/sql/statement.js";
import { compareText } from "../../../kit/sql/text-order.js";
import { columnList } from "../../../kit/storage/column-lists.js";
import type { Dialect } from "../../../kit/storage/domain-storage.js";
import { ANNOTATION_TABLES } from "../../annotation-tables.js";
import type { AnnotationGraph } from "../../annotations/services/annotation-graphs.js";
import type { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../../entities/association.entity.js";
import type { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import { IMAGE_COLUMNS, imageOfRow, momentOfGraphRow } from "../../shared/graph-rows.js";
import { associationOfRow, observationOfRow, type Row } from "../../shared/row-mappers.js";
import { type FastFilter, filterSql, whereClause } from "./fast-filter.sql.js";
import { ANCILLARY_COLUMNS, ancillaryDatumOfRow, PREFIXED_MOMENT_COLUMNS } from "./fast-rows.js";

export interface GeographicRangeRow {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
  minDepthMeters: number;
  maxDepthMeters: number;
}

/** Keys bound per child statement: MariaDB turns IN lists of 1,000 or more into a subquery. */
const KEYS_PER_STATEMENT = 999;

const OBSERVATION_COLUMNS = columnList(ANNOTATION_TABLES.observations, "o");
const ASSOCIATION_COLUMNS = columnList(ANNOTATION_TABLES.associations);

/**
 * The matching observations with their moments, ordered by observation UUID, one page of them.
 * A bounded page is chosen first from the keys alone (a derived table of observation UUIDs,
 * mostly read from indexes), then only its rows are read in full: sorting every column of a
 * video's 2,000 observations to keep 100 took 5.2 ms of SQLite against 1.4 ms (bench:routes'
 * data set). An unbounded read (a stream of the whole selection) reads each row once.
 * CROSS JOIN keeps the page first on SQLite, which keeps no statistics: with an inner join it
 * walked all 100,000 observations of an unfiltered page and probed the page for each (383 ms
 * p50 at c16 in bench:routes, against 20 ms before); MariaDB reads it as an inner join. PostgreSQL
 * takes no ON after a CROSS JOIN: there it is an inner join, planned from its statistics.
 */
export function matchingObservationsSql(filter: FastFilter, page: Page, dialect: Dialect): SqlStatement {
  const limit = pageClause(page);
  if (page.limit === undefined) {
    const { from, where, params } = filterSql(filter, { dialect });
    return {
      sql: `SELECT ${OBSERVATION_COLUMNS}, ${PREFIXED_MOMENT_COLUMNS} FROM ${from}${whereClause(where)}
        ORDER BY o.uuid${limit.sql}`,
      params: [...params, ...limit.params],
    };
  }
  const { from, where, params } = filterSql(filter, { withMoment: false, dialect });
  const join = dialect === "postgres" ? "INNER JOIN" : "CROSS JOIN";
  return {
    sql: `SELECT ${OBSERVATION_COLUMNS}, ${PREFIXED_MOMENT_COLUMNS}
      FROM (SELECT o.uuid FROM ${from}${whereClause(where)} ORDER BY o.uuid${limit.sql}) p
      ${join} observations o ON o.uuid = p.uuid ${join} imaged_moments im ON im.uuid = o.imaged_moment_uuid
      ORDER BY o.uuid`,
    params: [...params, ...limit.params],
  };
}

/**
 * The fast reads: one indexed statement (matchingObservationsSql) selects the matching
 * observations with their moments; each slice of its rows is completed by one IN-list read
 * per child table (associations, images, ancillary data), each pinned to its key's index on
 * MySQL (with stale statistics MariaDB scanned whole tables for them). Raw rows, no entity
 * hydration.
 */
export class FastAnnotationRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Completes observation rows (selected by matchingObservationsSql) into annotations, in the same order. */
  async complete(rows: readonly Row[], withData: boolean): Promise<AnnotationGraph[]> {
    if (rows.length === 0) return [];
    const momentUuids = [...new Set(rows.map((row) => row.im_uuid as string))];
    // Independent reads: on MySQL they run on separate pool connections at once.
    const [associations, images, data] = await Promise.all([
      this.associationsOf(rows.map((row) => row.uuid as string)),
      this.imagesOf(momentUuids),
      withData ? this.ancillaryDataOf(momentUuids) : new Map<string, AncillaryDatumEntity>(),
    ]);
    return rows.map((row) => {
      const moment = momentOfGraphRow(row);
      return {
        moment: {
          moment,
          imageReferences: images.get(moment.uuid) ?? [],
          ancillaryDatum: data.get(moment.uuid),
        },
        observation: {
          observation: observationOfRow(row),
          associations: associations.get(row.uuid as string) ?? [],
        },
      };
    });
  }

  async count(filter: FastFilter): Promise<number> {
    const { from, where, params } = filterSql(filter, { withMoment: false });
    const rows: Row[] = await this.manager.query(
      `SELECT COUNT(*) AS n FROM ${from}${whereClause(where)}`,
      params,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The range over the matching annotations that have a position and a depth; undefined when none has. */
  async geographicRange(filter: FastFilter): Promise<GeographicRangeRow | undefined> {
    const { from, where, params } = filterSql({ ...filter, withPosition: true }, { withMoment: false });
    const rows: Row[] = await this.manager.query(
      `SELECT MIN(ad.latitude) AS min_lat, MAX(ad.latitude) AS max_lat, MIN(ad.longitude) AS min_lon,
              MAX(ad.longitude) AS max_lon, MIN(ad.depth_meters) AS min_depth, MAX(ad.depth_meters) AS max_depth
       FROM ${from}${whereClause(where)}`,
      params,
    );
    const row = rows[0];
    if (!row || row.min_lat === null || row.min_lat === undefined) return undefined;
    return {
      minLatitude: Number(row.min_lat),
      maxLatitude: Number(row.max_lat),
      minLongitude: Number(row.min_lon),
      maxLongitude: Number(row.max_lon),
      minDepthMeters: Number(row.min_depth),
      maxDepthMeters: Number(row.max_depth),
    };
  }

  private async associationsOf(
    observationUuids: readonly string[],
  ): Promise<Map<string, AssociationEntity[]>> {
    const rows = await this.rowsWhereIn(
      `SELECT ${ASSOCIATION_COLUMNS}
       FROM associations${forceIndex(this.manager, "idx_associations__observation_uuid")} WHERE observation_uuid`,
      observationUuids,
    );
    const associations = rows.map(associationOfRow).sort((a, b) => compareText(a.uuid, b.uuid));
    return groupBy(associations, (association) => association.observationUuid);
  }

  private async imagesOf(momentUuids: readonly string[]): Promise<Map<string, ImageReferenceEntity[]>> {
    const rows = await this.rowsWhereIn(
      `SELECT ${IMAGE_COLUMNS} FROM image_references ir${forceIndex(this.manager, "idx_image_references__imaged_moment_uuid")}
       WHERE ir.imaged_moment_uuid`,
      momentUuids,
    );
    const images = rows.map(imageOfRow).sort((a, b) => compareText(a.url, b.url));
    return groupBy(images, (image) => image.imagedMomentUuid);
  }

  private async ancillaryDataOf(momentUuids: readonly string[]): Promise<Map<string, AncillaryDatumEntity>> {
    const rows = await this.rowsWhereIn(
      `SELECT ${ANCILLARY_COLUMNS} FROM ancillary_data ad${forceIndex(this.manager, "uq_ancillary_data_imaged_moment_uuid")}
       WHERE ad.imaged_moment_uuid`,
      momentUuids,
    );
    return new Map(rows.map((row) => [row.imaged_moment_uuid as string, ancillaryDatumOfRow(row)]));
  }

  /**
   * `<select> IN (...)` over the keys in as few statements of at most KEYS_PER_STATEMENT
   * keys as possible, evenly sized (a slice of 2,000 makes two statements of 1,000 - 1).
   */
  private async rowsWhereIn(select: string, keys: readonly string[]): Promise<Row[]> {
    const statements = Math.ceil(keys.length / KEYS_PER_STATEMENT);
    const size = Math.ceil(keys.length / statements);
    const rows: Row[] = [];
    for (let start = 0; start < keys.length; start += size) {
      const chunk = keys.slice(start, start + size);
      rows.push(
        ...((await this.manager.query(`${select} IN (${placeholders(chunk.length)})`, chunk)) as Row[]),
      );
    }
    return rows;
  }
}
