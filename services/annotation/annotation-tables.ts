import { type TableCatalogue, table } from "../kit/storage/table-catalogue.js";
import { BOX_INDEX_TABLE } from "./boxes/repositories/box-index.sql.js";
import { BOX_REVIEW_ACTIONS_TABLE } from "./boxes/repositories/box-review-actions.sql.js";
import {
  DAY_COUNTS_TABLE,
  DEPTH_COUNTS_TABLE,
  MOMENT_COUNTS_TABLE,
} from "./query/repositories/histogram-counts.sql.js";

/**
 * Every annotation table and its columns, parents first: the one list that the backup and
 * restore, the data generator and the hand-written reads take their column lists from.
 * test/integration/house/table-catalogues.test.ts holds it to the tables both engines'
 * migrations create, test/unit/house/table-catalogues.test.ts to the entities.
 */
export const ANNOTATION_TABLES = {
  imaged_moments: table(["uuid"], {
    uuid: "uuid",
    video_reference_uuid: "uuid",
    elapsed_time_millis: "integer?",
    recorded_timestamp: "instant?",
    timecode: "text?",
    last_updated_timestamp: "instant",
  }),
  imaged_moment_locks: table(["video_reference_uuid"], { video_reference_uuid: "uuid" }),
  observations: table(["uuid"], {
    uuid: "uuid",
    imaged_moment_uuid: "uuid",
    activity: "text?",
    concept: "text?",
    duration_millis: "integer?",
    observation_group: "text?",
    observation_timestamp: "instant",
    observer: "text?",
    last_updated_timestamp: "instant",
  }),
  associations: table(["uuid"], {
    uuid: "uuid",
    observation_uuid: "uuid",
    link_name: "text",
    link_value: "text?",
    to_concept: "text?",
    mime_type: "text",
    last_updated_timestamp: "instant",
  }),
  image_references: table(["uuid"], {
    uuid: "uuid",
    imaged_moment_uuid: "uuid",
    description: "text?",
    format: "text?",
    height_pixels: "integer?",
    url: "text",
    width_pixels: "integer?",
    last_updated_timestamp: "instant",
  }),
  ancillary_data: table(["uuid"], {
    uuid: "uuid",
    imaged_moment_uuid: "uuid",
    altitude: "double?",
    coordinate_reference_system: "text?",
    depth_meters: "double?",
    latitude: "double?",
    longitude: "double?",
    oxygen_ml_per_l: "double?",
    phi: "double?",
    xyz_position_units: "text?",
    pressure_dbar: "double?",
    psi: "double?",
    salinity: "double?",
    temperature_celsius: "double?",
    theta: "double?",
    x: "double?",
    y: "double?",
    z: "double?",
    light_transmission: "double?",
    last_updated_timestamp: "instant",
  }),
  video_reference_information: table(["uuid"], {
    uuid: "uuid",
    video_reference_uuid: "uuid",
    mission_contact: "text?",
    mission_id: "text",
    platform_name: "text",
    last_updated_timestamp: "instant",
  }),
  annotation_history: table(["uuid"], {
    uuid: "uuid",
    changed_at: "instant",
    changed_by: "text?",
    action: "text",
    data_type: "text",
    record_uuid: "uuid",
    observation_uuid: "uuid?",
    imaged_moment_uuid: "uuid?",
    before_json: "text?",
    after_json: "text?",
  }),
  [DEPTH_COUNTS_TABLE]: table(
    ["depth_meter", "writer_shard"],
    { depth_meter: "integer", writer_shard: "integer", annotations: "integer" },
    "counts",
  ),
  [DAY_COUNTS_TABLE]: table(
    ["recorded_day", "writer_shard"],
    { recorded_day: "integer", writer_shard: "integer", annotations: "integer" },
    "counts",
  ),
  [MOMENT_COUNTS_TABLE]: table(
    ["imaged_moment_uuid"],
    {
      imaged_moment_uuid: "uuid",
      observations: "integer",
      depth_meter: "integer?",
      recorded_day: "integer?",
    },
    "counts",
  ),
  [BOX_INDEX_TABLE]: table(
    ["association_uuid"],
    {
      association_uuid: "uuid",
      observation_uuid: "uuid",
      imaged_moment_uuid: "uuid",
      video_reference_uuid: "uuid",
      image_reference_uuid: "uuid?",
      concept: "text?",
      x: "double",
      y: "double",
      width: "double",
      height: "double",
      generator: "text?",
      verifier: "text?",
      elapsed_time_millis: "integer?",
      recorded_timestamp: "instant?",
    },
    "counts",
  ),
  [BOX_REVIEW_ACTIONS_TABLE]: table(
    ["uuid"],
    {
      uuid: "uuid",
      kind: "text",
      actor: "text",
      association_uuids: "text",
      changed: "integer",
      previous: "text",
      done_millis: "integer",
      undone_millis: "integer?",
    },
    "transient",
  ),
} as const satisfies TableCatalogue;

export type AnnotationTableName = keyof typeof ANNOTATION_TABLES;
