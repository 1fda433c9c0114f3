/**
 * The tables the generator fills and the columns of its rows, in the order the generator
 * writes each row's values (the migrations of services/annotation and services/registry
 * define the tables; generated columns such as url_hash are left to the database).
 */
export const ANNOTATION_TABLES = {
  video_reference_information: [
    "uuid",
    "video_reference_uuid",
    "mission_contact",
    "mission_id",
    "platform_name",
    "last_updated_timestamp",
  ],
  imaged_moments: [
    "uuid",
    "video_reference_uuid",
    "elapsed_time_millis",
    "recorded_timestamp",
    "timecode",
    "last_updated_timestamp",
  ],
  ancillary_data: [
    "uuid",
    "imaged_moment_uuid",
    "altitude",
    "coordinate_reference_system",
    "depth_meters",
    "latitude",
    "longitude",
    "oxygen_ml_per_l",
    "pressure_dbar",
    "salinity",
    "temperature_celsius",
    "light_transmission",
    "last_updated_timestamp",
  ],
  image_references: [
    "uuid",
    "imaged_moment_uuid",
    "description",
    "format",
    "height_pixels",
    "url",
    "width_pixels",
    "last_updated_timestamp",
  ],
  observations: [
    "uuid",
    "imaged_moment_uuid",
    "activity",
    "concept",
    "duration_millis",
    "observation_group",
    "observation_timestamp",
    "observer",
    "last_updated_timestamp",
  ],
  associations: [
    "uuid",
    "observation_uuid",
    "link_name",
    "link_value",
    "to_concept",
    "mime_type",
    "last_updated_timestamp",
  ],
} as const;

export const REGISTRY_TABLES = {
  video_sequences: ["uuid", "name", "camera_id", "description", "last_updated_time"],
  videos: [
    "uuid",
    "video_sequence_uuid",
    "name",
    "start_time",
    "duration_millis",
    "description",
    "last_updated_time",
  ],
  video_references: [
    "uuid",
    "video_uuid",
    "uri",
    "container",
    "video_codec",
    "audio_codec",
    "width",
    "height",
    "frame_rate",
    "size_bytes",
    "sha512",
    "description",
    "last_updated_time",
  ],
} as const;

export type AnnotationTable = keyof typeof ANNOTATION_TABLES;
export type RegistryTable = keyof typeof REGISTRY_TABLES;

/** One row's values, in its table's column order. */
export type SqlRow = (string | number | null)[];

/** The rows of one chunk, per table; parents come before children in insertion order. */
export interface RowChunk {
  annotation: Record<AnnotationTable, SqlRow[]>;
  registry: Record<RegistryTable, SqlRow[]>;
  /** Annotations (observations) in this chunk. */
  annotations: number;
}

export function emptyChunk(): RowChunk {
  return {
    annotation: {
      video_reference_information: [],
      imaged_moments: [],
      ancillary_data: [],
      image_references: [],
      observations: [],
      associations: [],
    },
    registry: { video_sequences: [], videos: [], video_references: [] },
    annotations: 0,
  };
}
