import { columnNames } from "../../kit/storage/table-catalogue.js";
import { Instant } from "../../kit/time/instant.js";
import { ANNOTATION_TABLES } from "../annotation-tables.js";
import type { AssociationEntity } from "../entities/association.entity.js";
import type { ImagedMomentEntity } from "../entities/imaged-moment.entity.js";
import type { ObservationEntity } from "../entities/observation.entity.js";

/**
 * Raw rows (snake_case columns, timestamps as database text) into entities, for the hot
 * reads that skip TypeORM's hydration: the whole-video read and the find-or-create lookup.
 */
export type Row = Record<string, unknown>;

/** The columns momentOfRow reads, for SELECT lists (prefix with a table alias as needed). */
export const MOMENT_COLUMNS = columnNames(ANNOTATION_TABLES.imaged_moments);

export function momentOfRow(row: Row): ImagedMomentEntity {
  return {
    uuid: row.uuid as string,
    videoReferenceUuid: row.video_reference_uuid as string,
    elapsedTimeMillis: numberOrNull(row.elapsed_time_millis),
    recordedTimestamp: instantOrNull(row.recorded_timestamp),
    timecode: (row.timecode as string | null) ?? null,
    lastUpdatedTime: Instant.fromSql(String(row.last_updated_timestamp)),
  };
}

export function observationOfRow(row: Row): ObservationEntity {
  return {
    uuid: row.uuid as string,
    imagedMomentUuid: row.imaged_moment_uuid as string,
    activity: (row.activity as string | null) ?? null,
    concept: (row.concept as string | null) ?? null,
    durationMillis: numberOrNull(row.duration_millis),
    group: (row.observation_group as string | null) ?? null,
    observationTimestamp: Instant.fromSql(String(row.observation_timestamp)),
    observer: (row.observer as string | null) ?? null,
    lastUpdatedTime: Instant.fromSql(String(row.last_updated_timestamp)),
  };
}

export function associationOfRow(row: Row): AssociationEntity {
  return {
    uuid: row.uuid as string,
    observationUuid: row.observation_uuid as string,
    linkName: row.link_name as string,
    toConcept: (row.to_concept as string | null) ?? null,
    linkValue: (row.link_value as string | null) ?? null,
    mimeType: row.mime_type as string,
    lastUpdatedTime: Instant.fromSql(String(row.last_updated_timestamp)),
  };
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function instantOrNull(value: unknown): Instant | null {
  return value === null || value === undefined ? null : Instant.fromSql(String(value));
}
