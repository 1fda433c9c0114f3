import { Instant } from "../../kit/time/instant.js";
import {
  ANCILLARY_MEASUREMENTS,
  type AncillaryDatumEntity,
  MEASUREMENT_COLUMNS,
} from "../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../entities/association.entity.js";
import type { ImageReferenceEntity } from "../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../entities/imaged-moment.entity.js";
import type { ObservationEntity } from "../entities/observation.entity.js";
import type { Row } from "./row-mappers.js";

/**
 * The columns of the joined annotation read (moment, observation, association and, when
 * asked, ancillary datum on one row), each table's under its own prefix, and the mappers
 * from those prefixed rows to entities.
 */
const MOMENT = ["uuid", "video_reference_uuid", "elapsed_time_millis", "recorded_timestamp", "timecode"];
const OBSERVATION = [
  "uuid",
  "imaged_moment_uuid",
  "activity",
  "concept",
  "duration_millis",
  "observation_group",
  "observation_timestamp",
  "observer",
];
const ASSOCIATION = ["uuid", "observation_uuid", "link_name", "to_concept", "link_value", "mime_type"];

const DATUM = ["uuid", ...ANCILLARY_MEASUREMENTS.map((field) => MEASUREMENT_COLUMNS[field])];
const UPDATED = "last_updated_timestamp";

function prefixed(alias: string, columns: readonly string[]): string[] {
  return [...columns, UPDATED].map((column) => `${alias}.${column} AS ${alias}_${column}`);
}

/** The SELECT list of the joined read over `im`, `o`, `a` and (withData) `ad`. */
export function graphColumns(withData: boolean): string {
  return [
    ...prefixed("im", MOMENT),
    ...prefixed("o", OBSERVATION),
    ...prefixed("a", ASSOCIATION),
    ...(withData ? prefixed("ad", DATUM) : []),
  ].join(", ");
}

/** The columns of an image reference (unprefixed: images are read on their own). */
export const IMAGE_COLUMNS =
  "ir.uuid, ir.imaged_moment_uuid, ir.description, ir.format, ir.height_pixels, ir.url, ir.width_pixels, ir.last_updated_timestamp";

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

export function datumOfGraphRow(row: Row, imagedMomentUuid: string): AncillaryDatumEntity {
  const datum = {
    uuid: row.ad_uuid as string,
    imagedMomentUuid,
    lastUpdatedTime: Instant.fromSql(String(row.ad_last_updated_timestamp)),
  } as Record<string, unknown>;
  for (const field of ANCILLARY_MEASUREMENTS) {
    const value = row[`ad_${MEASUREMENT_COLUMNS[field]}`];
    datum[field] = value === undefined || value === null ? null : value;
  }
  return datum as unknown as AncillaryDatumEntity;
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
