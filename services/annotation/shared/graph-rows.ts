import { columnList, prefixedColumnList } from "../../kit/storage/column-lists.js";
import { Instant } from "../../kit/time/instant.js";
import { ANNOTATION_TABLES } from "../annotation-tables.js";
import type { AncillaryDatumEntity } from "../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../entities/association.entity.js";
import type { ImageReferenceEntity } from "../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../entities/imaged-moment.entity.js";
import type { ObservationEntity } from "../entities/observation.entity.js";
import type { Row } from "./row-mappers.js";

/**
 * The columns of the joined annotation read (moment, observation, association and, when
 * asked, ancillary datum on one row), each table's under its own prefix, and the mappers
 * from those prefixed rows to entities. A datum's moment is its row's, hence not read twice.
 */
const WITHOUT_DATA = [
  prefixedColumnList(ANNOTATION_TABLES.imaged_moments, "im"),
  prefixedColumnList(ANNOTATION_TABLES.observations, "o"),
  prefixedColumnList(ANNOTATION_TABLES.associations, "a"),
].join(", ");
const WITH_DATA = `${WITHOUT_DATA}, ${prefixedColumnList(ANNOTATION_TABLES.ancillary_data, "ad", ["imaged_moment_uuid"])}`;

/** The SELECT list of the joined read over `im`, `o`, `a` and (withData) `ad`. */
export function graphColumns(withData: boolean): string {
  return withData ? WITH_DATA : WITHOUT_DATA;
}

/** The columns of an image reference (unprefixed: images are read on their own). */
export const IMAGE_COLUMNS = columnList(ANNOTATION_TABLES.image_references, "ir");

// Each table's mapper reads its prefixed columns by name: no intermediate row per table (a
// video's read maps tens of thousands of rows, and those objects were a tenth of its time).

export function momentOfGraphRow(row: Row): ImagedMomentEntity {
  return {
    uuid: row.im_uuid as string,
    videoReferenceUuid: row.im_video_reference_uuid as string,
    elapsedTimeMillis: numberOrNull(row.im_elapsed_time_millis),
    recordedTimestamp: instantOrNull(row.im_recorded_timestamp),
    timecode: (row.im_timecode as string | null) ?? null,
    lastUpdatedTime: Instant.fromSql(String(row.im_last_updated_timestamp)),
  };
}

export function observationOfGraphRow(row: Row): ObservationEntity {
  return {
    uuid: row.o_uuid as string,
    imagedMomentUuid: row.o_imaged_moment_uuid as string,
    activity: (row.o_activity as string | null) ?? null,
    concept: (row.o_concept as string | null) ?? null,
    durationMillis: numberOrNull(row.o_duration_millis),
    group: (row.o_observation_group as string | null) ?? null,
    observationTimestamp: Instant.fromSql(String(row.o_observation_timestamp)),
    observer: (row.o_observer as string | null) ?? null,
    lastUpdatedTime: Instant.fromSql(String(row.o_last_updated_timestamp)),
  };
}

export function associationOfGraphRow(row: Row): AssociationEntity {
  return {
    uuid: row.a_uuid as string,
    observationUuid: row.a_observation_uuid as string,
    linkName: row.a_link_name as string,
    toConcept: (row.a_to_concept as string | null) ?? null,
    linkValue: (row.a_link_value as string | null) ?? null,
    mimeType: row.a_mime_type as string,
    lastUpdatedTime: Instant.fromSql(String(row.a_last_updated_timestamp)),
  };
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function instantOrNull(value: unknown): Instant | null {
  return value === null || value === undefined ? null : Instant.fromSql(String(value));
}

/**
 * Each measurement read by its own name: a key built per field (`ad_${column}`) and a datum
 * filled field by field were 4-5% of a worker's CPU on a page of 100 moments with their data.
 * Values are kept as the driver gives them (both drivers give numbers for the doubles).
 */
export function datumOfGraphRow(row: Row, imagedMomentUuid: string): AncillaryDatumEntity {
  return {
    uuid: row.ad_uuid as string,
    imagedMomentUuid,
    lastUpdatedTime: Instant.fromSql(String(row.ad_last_updated_timestamp)),
    altitude: (row.ad_altitude as number | null) ?? null,
    crs: (row.ad_coordinate_reference_system as string | null) ?? null,
    depthMeters: (row.ad_depth_meters as number | null) ?? null,
    latitude: (row.ad_latitude as number | null) ?? null,
    longitude: (row.ad_longitude as number | null) ?? null,
    oxygenMlL: (row.ad_oxygen_ml_per_l as number | null) ?? null,
    phi: (row.ad_phi as number | null) ?? null,
    posePositionUnits: (row.ad_xyz_position_units as string | null) ?? null,
    pressureDbar: (row.ad_pressure_dbar as number | null) ?? null,
    psi: (row.ad_psi as number | null) ?? null,
    salinity: (row.ad_salinity as number | null) ?? null,
    temperatureCelsius: (row.ad_temperature_celsius as number | null) ?? null,
    theta: (row.ad_theta as number | null) ?? null,
    x: (row.ad_x as number | null) ?? null,
    y: (row.ad_y as number | null) ?? null,
    z: (row.ad_z as number | null) ?? null,
    lightTransmission: (row.ad_light_transmission as number | null) ?? null,
  };
}

export function imageOfRow(row: Row): ImageReferenceEntity {
  return {
    uuid: row.uuid as string,
    imagedMomentUuid: row.imaged_moment_uuid as string,
    description: (row.description as string | null) ?? null,
    format: (row.format as string | null) ?? null,
    heightPixels:
      row.height_pixels === null || row.height_pixels === undefined ? null : Number(row.height_pixels),
    url: row.url as string,
    widthPixels:
      row.width_pixels === null || row.width_pixels === undefined ? null : Number(row.width_pixels),
    lastUpdatedTime: Instant.fromSql(String(row.last_updated_timestamp)),
  };
}
