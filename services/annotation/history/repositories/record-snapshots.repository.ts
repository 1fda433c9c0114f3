import type { EntityManager } from "typeorm";
import { placeholders } from "../../../kit/sql/placeholders.js";
import { prefixedColumnList } from "../../../kit/storage/column-lists.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ANNOTATION_TABLES } from "../../annotation-tables.js";
import type { AncillaryDatumEntity } from "../../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../../entities/association.entity.js";
import type { ImageReferenceEntity } from "../../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import type { ObservationEntity } from "../../entities/observation.entity.js";
import type { ChangeDataType } from "../../events/change-event.js";
import {
  associationOfGraphRow,
  datumOfGraphRow,
  IMAGE_COLUMNS,
  imageOfRow,
  momentOfGraphRow,
  observationOfGraphRow,
} from "../../shared/graph-rows.js";
import type { Row } from "../../shared/row-mappers.js";

/**
 * A record as its history keeps it: its columns by their legacy JSON names (snake_case), its
 * times as ISO-8601 text. `last_updated_time` is left out: the change's own time says it.
 */
export type RecordSnapshot = Readonly<Record<string, string | number | null>>;

const iso = (instant: Instant | null) => instant?.toString() ?? null;

const OBSERVATION_SELECT = `SELECT ${prefixedColumnList(ANNOTATION_TABLES.observations, "o")},
  ${prefixedColumnList(ANNOTATION_TABLES.imaged_moments, "im")}
  FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid WHERE o.uuid IN`;
const ASSOCIATION_SELECT = `SELECT ${prefixedColumnList(ANNOTATION_TABLES.associations, "a")}
  FROM associations a WHERE a.uuid IN`;
const IMAGE_SELECT = `SELECT ${IMAGE_COLUMNS} FROM image_references ir WHERE ir.uuid IN`;
const DATUM_SELECT = `SELECT ${prefixedColumnList(ANNOTATION_TABLES.ancillary_data, "ad")}
  FROM ancillary_data ad WHERE ad.uuid IN`;

/**
 * Reads the records a transaction changes as snapshots, by UUID: plain SELECTs mapped by the
 * joined read's row mappers (an entity read costs several times more, on every create).
 */
export class RecordSnapshotsRepository {
  constructor(private readonly manager: EntityManager) {}

  async read(dataType: ChangeDataType, uuids: readonly string[]): Promise<Map<string, RecordSnapshot>> {
    switch (dataType) {
      case "OBSERVATION":
        return this.mapped(OBSERVATION_SELECT, uuids, (row) =>
          observationSnapshot(observationOfGraphRow(row), momentOfGraphRow(row)),
        );
      case "ASSOCIATION":
        return this.mapped(ASSOCIATION_SELECT, uuids, (row) =>
          associationSnapshot(associationOfGraphRow(row)),
        );
      case "IMAGE_REFERENCE":
        return this.mapped(IMAGE_SELECT, uuids, (row) => imageSnapshot(imageOfRow(row)));
      case "ANCILLARY_DATUM":
        return this.mapped(DATUM_SELECT, uuids, (row) =>
          ancillarySnapshot(datumOfGraphRow(row, String(row.ad_imaged_moment_uuid))),
        );
    }
  }

  /** The observers of these observations as stored now, by observation UUID. */
  async observers(uuids: readonly string[]): Promise<Map<string, string | null>> {
    const rows = await this.rows("SELECT uuid, observer FROM observations WHERE uuid IN", uuids);
    return new Map(rows.map((row) => [String(row.uuid), (row.observer as string | null) ?? null]));
  }

  private async mapped(
    select: string,
    uuids: readonly string[],
    snapshot: (row: Row) => RecordSnapshot,
  ): Promise<Map<string, RecordSnapshot>> {
    const snapshots = new Map<string, RecordSnapshot>();
    for (const row of await this.rows(select, uuids)) {
      const taken = snapshot(row);
      snapshots.set(taken.uuid as string, taken);
    }
    return snapshots;
  }

  /** `select` ends with `IN`; the list of keys is appended, a chunk at a time. */
  private rows(select: string, uuids: readonly string[]): Promise<Row[]> {
    return queryInChunks(
      uuids,
      (chunk) => this.manager.query(`${select} (${placeholders(chunk.length)})`, chunk) as Promise<Row[]>,
    );
  }
}

/** An observation with the indices of its imaged moment, so a move or a re-index shows. */
function observationSnapshot(row: ObservationEntity, moment: ImagedMomentEntity): RecordSnapshot {
  return {
    uuid: row.uuid,
    concept: row.concept,
    observer: row.observer,
    observation_timestamp: iso(row.observationTimestamp),
    duration_millis: row.durationMillis,
    group: row.group,
    activity: row.activity,
    imaged_moment_uuid: row.imagedMomentUuid,
    video_reference_uuid: moment.videoReferenceUuid,
    timecode: moment.timecode,
    elapsed_time_millis: moment.elapsedTimeMillis,
    recorded_timestamp: iso(moment.recordedTimestamp),
  };
}

function associationSnapshot(row: AssociationEntity): RecordSnapshot {
  return {
    uuid: row.uuid,
    observation_uuid: row.observationUuid,
    link_name: row.linkName,
    to_concept: row.toConcept,
    link_value: row.linkValue,
    mime_type: row.mimeType,
  };
}

function imageSnapshot(row: ImageReferenceEntity): RecordSnapshot {
  return {
    uuid: row.uuid,
    imaged_moment_uuid: row.imagedMomentUuid,
    url: row.url,
    description: row.description,
    format: row.format,
    width_pixels: row.widthPixels,
    height_pixels: row.heightPixels,
  };
}

function ancillarySnapshot(row: AncillaryDatumEntity): RecordSnapshot {
  return {
    uuid: row.uuid,
    imaged_moment_uuid: row.imagedMomentUuid,
    latitude: row.latitude,
    longitude: row.longitude,
    depth_meters: row.depthMeters,
    altitude: row.altitude,
    coordinate_reference_system: row.crs,
    pressure_dbar: row.pressureDbar,
    temperature_celsius: row.temperatureCelsius,
    salinity: row.salinity,
    oxygen_ml_per_l: row.oxygenMlL,
    light_transmission: row.lightTransmission,
    x: row.x,
    y: row.y,
    z: row.z,
    xyz_position_units: row.posePositionUnits,
    phi: row.phi,
    theta: row.theta,
    psi: row.psi,
  };
}
