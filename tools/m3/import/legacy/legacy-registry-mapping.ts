import { digest, double, instant, integer, kept, uuid } from "./legacy-conversions.js";
import { type LegacyTableMapping, legacyTable, same } from "./legacy-mapping.js";

const BY_UUID = { legacyKey: ["uuid"], identity: ["uuid"] } as const;
const UPDATED = { lastUpdated: "last_updated_time", m3LastUpdated: "last_updated_time" } as const;

/**
 * vampire-squid's tables (docs/legacy-schema.md, "Video registry"): the same names on both
 * sides, every row keeping its UUID, parents first.
 */
export const LEGACY_REGISTRY_TABLES: readonly LegacyTableMapping[] = [
  legacyTable({
    domain: "registry",
    legacy: "video_sequences",
    spelled: "video_sequences",
    m3: "video_sequences",
    ...BY_UUID,
    ...UPDATED,
    columns: [
      same("uuid", uuid),
      same("name", kept),
      same("camera_id", kept),
      same("description", kept),
      same("last_updated_time", instant),
    ],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "registry",
    legacy: "videos",
    spelled: "videos",
    m3: "videos",
    ...BY_UUID,
    ...UPDATED,
    columns: [
      same("uuid", uuid),
      same("video_sequence_uuid", uuid),
      same("name", kept),
      same("start_time", instant),
      same("duration_millis", integer),
      same("description", kept),
      same("last_updated_time", instant),
    ],
    legacyOnly: [],
  }),
  legacyTable({
    domain: "registry",
    legacy: "video_references",
    spelled: "video_references",
    m3: "video_references",
    ...BY_UUID,
    ...UPDATED,
    columns: [
      same("uuid", uuid),
      same("video_uuid", uuid),
      same("uri", kept),
      same("container", kept),
      same("video_codec", kept),
      same("audio_codec", kept),
      same("width", integer),
      same("height", integer),
      same("frame_rate", double),
      same("size_bytes", integer),
      // Later vampire-squid versions keep the file's digest; the quickstart's layout has no column.
      same("sha512", digest, true),
      same("description", kept),
      same("last_updated_time", instant),
    ],
    legacyOnly: [],
  }),
];
