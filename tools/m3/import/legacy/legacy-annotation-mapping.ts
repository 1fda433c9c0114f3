import { double, instant, instantOr, integer, kept, uuid } from "./legacy-conversions.js";
import { type LegacyTableMapping, legacyTable, same } from "./legacy-mapping.js";

const BY_UUID = { legacyKey: ["uuid"], identity: ["uuid"] } as const;
const UPDATED = { lastUpdated: "last_updated_timestamp", m3LastUpdated: "last_updated_timestamp" } as const;
const LAST_UPDATED = same("last_updated_timestamp", instant);

function annotationTable(name: string, columns: LegacyTableMapping["columns"]): LegacyTableMapping {
  return legacyTable({
    domain: "annotation",
    legacy: name,
    spelled: name,
    m3: name,
    ...BY_UUID,
    ...UPDATED,
    columns: [same("uuid", uuid), ...columns, LAST_UPDATED],
    legacyOnly: [],
  });
}

const doubles = (...names: string[]) => names.map((name) => same(name, double));

/**
 * annosaurus's tables (docs/legacy-schema.md, "Annotations"): the same names on both sides,
 * every row keeping its UUID, parents first.
 */
export const LEGACY_ANNOTATION_TABLES: readonly LegacyTableMapping[] = [
  annotationTable("imaged_moments", [
    same("video_reference_uuid", uuid),
    same("elapsed_time_millis", integer),
    same("recorded_timestamp", instant),
    same("timecode", kept),
  ]),
  annotationTable("observations", [
    same("imaged_moment_uuid", uuid),
    same("activity", kept),
    same("concept", kept),
    same("duration_millis", integer),
    same("observation_group", kept),
    // m3 requires it: a NULL becomes the row's last-updated time.
    same("observation_timestamp", instantOr("last_updated_timestamp")),
    same("observer", kept),
  ]),
  annotationTable("associations", [
    same("observation_uuid", uuid),
    same("link_name", kept),
    same("link_value", kept),
    same("to_concept", kept),
    same("mime_type", kept),
  ]),
  annotationTable("image_references", [
    same("imaged_moment_uuid", uuid),
    same("description", kept),
    same("format", kept),
    same("height_pixels", integer),
    same("url", kept),
    same("width_pixels", integer),
  ]),
  annotationTable("ancillary_data", [
    same("imaged_moment_uuid", uuid),
    ...doubles("altitude"),
    same("coordinate_reference_system", kept),
    ...doubles("depth_meters", "latitude", "longitude", "oxygen_ml_per_l", "phi"),
    same("xyz_position_units", kept),
    ...doubles("pressure_dbar", "psi", "salinity", "temperature_celsius", "theta", "x", "y", "z"),
    ...doubles("light_transmission"),
  ]),
  annotationTable("video_reference_information", [
    same("video_reference_uuid", uuid),
    same("mission_contact", kept),
    same("mission_id", kept),
    same("platform_name", kept),
  ]),
];
