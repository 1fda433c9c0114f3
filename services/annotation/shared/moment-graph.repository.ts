import type { EntityManager } from "typeorm";
import { groupBy } from "../../kit/collections/group-by.js";
import { forceIndex } from "../../kit/sql/dialect-hints.js";
import { placeholders } from "../../kit/sql/placeholders.js";
import { compareText } from "../../kit/sql/text-order.js";
import { selectWideRows } from "../../kit/storage/sqlite-wide-rows.js";
import type { MomentGraph } from "../contracts/imaged-moment-store.js";
import type { ObservationGraph } from "../contracts/observation-store.js";
import type { ImageReferenceEntity } from "../entities/image-reference.entity.js";
import {
  associationOfGraphRow,
  datumOfGraphRow,
  graphColumns,
  IMAGE_COLUMNS,
  imageOfRow,
  momentOfGraphRow,
  observationOfGraphRow,
} from "./graph-rows.js";
import type { GraphSelection } from "./graph-selection.sql.js";
import type { Row } from "./row-mappers.js";

/** Moments with their images and data, and their observations with associations. */
export interface GraphRead {
  /** Ordered by moment UUID. */
  moments: MomentGraph[];
  /** Ordered by observation UUID, each with its associations in UUID order. */
  observations: ObservationGraph[];
}

/** Moment UUIDs bound in one IN list for their images; more read the images by the selection again. */
const MOMENT_KEYS_PER_IMAGE_READ = 999;

/**
 * Reads a part of the annotation graph in two statements whatever its size: the moments
 * joined with their observations, associations and (withData) ancillary data, then the
 * moments' images (a join with both would multiply images by associations), by the UUIDs of
 * the moments read (by the selection again past MOMENT_KEYS_PER_IMAGE_READ). Rows are mapped
 * directly, without TypeORM's hydration, as a video's read maps tens of thousands.
 */
export class MomentGraphRepository {
  constructor(private readonly manager: EntityManager) {}

  async read(selection: GraphSelection, withData: boolean): Promise<GraphRead> {
    const rows = await this.graphRows(selection, withData);
    if (rows.length === 0) return { moments: [], observations: [] };
    const images = await this.imagesOf(selection, [...new Set(rows.map((row) => row.im_uuid as string))]);
    return assemble(rows, images.map(imageOfRow), withData);
  }

  private graphRows(selection: GraphSelection, withData: boolean): Promise<Row[]> {
    const children = `LEFT JOIN associations a ON a.observation_uuid = o.uuid
         ${withData ? "LEFT JOIN ancillary_data ad ON ad.imaged_moment_uuid = im.uuid" : ""}`;
    const order = "ORDER BY o.uuid, a.uuid";
    if ("page" in selection.rows) {
      const { page } = selection.rows;
      return selectWideRows(
        this.manager,
        `SELECT ${graphColumns(withData)}
           FROM (${page.sql}) p
           JOIN imaged_moments im ON im.uuid = p.imaged_moment_uuid
           JOIN observations o ON o.uuid = p.uuid
           ${children}
          ${order}`,
        page.params,
      );
    }
    return selectWideRows(
      this.manager,
      `SELECT ${graphColumns(withData)}
         FROM imaged_moments im
         LEFT JOIN observations o ON o.imaged_moment_uuid = im.uuid
         ${children}
        WHERE ${selection.rows.sql}
        ${order}`,
      selection.rows.params,
    );
  }

  private imagesOf(selection: GraphSelection, momentUuids: readonly string[]): Promise<Row[]> {
    if (momentUuids.length > MOMENT_KEYS_PER_IMAGE_READ) {
      return this.manager.query(
        `SELECT ${IMAGE_COLUMNS} FROM image_references ir
           JOIN imaged_moments im ON im.uuid = ir.imaged_moment_uuid
          WHERE ${selection.moments.sql}
          ORDER BY ir.url`,
        selection.moments.params,
      );
    }
    return this.manager.query(
      `SELECT ${IMAGE_COLUMNS}
         FROM image_references ir${forceIndex(this.manager, "idx_image_references__imaged_moment_uuid")}
        WHERE ir.imaged_moment_uuid IN (${placeholders(momentUuids.length)})
        ORDER BY ir.url`,
      [...momentUuids],
    );
  }
}

/** Rows ordered by observation then association UUID into graphs. */
function assemble(rows: readonly Row[], images: ImageReferenceEntity[], withData: boolean): GraphRead {
  const imagesOf = groupBy(images, (image) => image.imagedMomentUuid);
  const moments = new Map<string, MomentGraph>();
  const observations: ObservationGraph[] = [];
  let current: ObservationGraph | undefined;
  for (const row of rows) {
    const momentUuid = row.im_uuid as string;
    if (!moments.has(momentUuid)) {
      moments.set(momentUuid, {
        moment: momentOfGraphRow(row),
        imageReferences: imagesOf.get(momentUuid) ?? [],
        ancillaryDatum: withData && row.ad_uuid != null ? datumOfGraphRow(row, momentUuid) : undefined,
      });
    }
    if (row.o_uuid == null) continue;
    if (current?.observation.uuid !== row.o_uuid) {
      current = { observation: observationOfGraphRow(row), associations: [] };
      observations.push(current);
    }
    if (row.a_uuid != null) current.associations.push(associationOfGraphRow(row));
  }
  return {
    moments: [...moments.values()].sort((a, b) => compareText(a.moment.uuid, b.moment.uuid)),
    observations,
  };
}
