import { type TableCatalogue, table } from "../kit/storage/table-catalogue.js";

/**
 * Every registry table and its columns, parents first: the one list that the backup and
 * restore, the data generator and the hand-written reads take their column lists from.
 * test/integration/house/table-catalogues.test.ts holds it to the tables both engines'
 * migrations create, test/unit/house/table-catalogues.test.ts to the entities.
 */
export const REGISTRY_TABLES = {
  video_sequences: table(["uuid"], {
    uuid: "uuid",
    name: "text",
    camera_id: "text",
    description: "text?",
    last_updated_time: "instant",
  }),
  videos: table(["uuid"], {
    uuid: "uuid",
    video_sequence_uuid: "uuid",
    name: "text",
    start_time: "instant",
    duration_millis: "integer?",
    description: "text?",
    last_updated_time: "instant",
  }),
  video_references: table(["uuid"], {
    uuid: "uuid",
    video_uuid: "uuid",
    uri: "text",
    container: "text?",
    video_codec: "text?",
    audio_codec: "text?",
    width: "integer?",
    height: "integer?",
    frame_rate: "double?",
    size_bytes: "integer?",
    sha512: "text?",
    description: "text?",
    last_updated_time: "instant",
  }),
} as const satisfies TableCatalogue;

export type RegistryTableName = keyof typeof REGISTRY_TABLES;
