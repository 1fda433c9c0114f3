import { annotationMigrations } from "../../../services/annotation/annotation-domain.js";
import {
  DAY_COUNTS_TABLE,
  DEPTH_COUNTS_TABLE,
  histogramCountsRebuild,
  MOMENT_COUNTS_TABLE,
} from "../../../services/annotation/query/repositories/histogram-counts.sql.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import type { Dialect } from "../../../services/kit/storage/domain-storage.js";
import { registryMigrations } from "../../../services/registry/registry-domain.js";

/** A table the archive carries: its columns in archive order and the key it is read in. */
export interface ArchivedTable {
  name: string;
  /** Every stored column but the generated ones (MySQL's hash columns), which the target computes. */
  columns: readonly string[];
  /** The primary key: rows are read in its order, so two backups of the same rows are identical. */
  key: readonly string[];
}

/**
 * Tables a domain computes from its others, which the archive leaves out: a restore loads the
 * others without the triggers that keep these, then recounts them.
 */
export interface DerivedTables {
  names: readonly string[];
  /** The statements that recount them from the loaded rows. */
  recount(dialect: Dialect): string[];
}

/** A domain with tables: its tables parents first, and its migrations (the schema versions it knows). */
export interface ArchivedDomain {
  name: DatabaseDomain;
  tables: readonly ArchivedTable[];
  derived?: DerivedTables;
  /** The domain's migration classes (either engine's: both lists carry the same names). */
  migrations: readonly unknown[];
}

export type DatabaseDomain = "kb" | "registry" | "annotation";

const LINK = ["id", "concept_id", "link_name", "to_concept", "link_value", "last_updated_time"];
const byId = (name: string, columns: string[]): ArchivedTable => ({ name, columns, key: ["id"] });
const byUuid = (name: string, columns: string[]): ArchivedTable => ({ name, columns, key: ["uuid"] });

/**
 * Every table of every domain with a database, in the order a restore fills them. Fixed here,
 * never taken from an archive; test/integration/backup/backup-tables.test.ts holds it to the
 * tables the migrations create. kb_tree_version is left out: it is a cache counter that a
 * restore bumps instead; so are the derived tables, which a restore recounts.
 */
export const ARCHIVED_DOMAINS: readonly ArchivedDomain[] = [
  {
    name: "kb",
    migrations: kbSchema.migrations.sqlite as unknown[],
    tables: [
      byId("concepts", ["id", "parent_id", "rank_level", "rank_name", "aphia_id", "last_updated_time"]),
      byId("concept_names", ["id", "concept_id", "name", "name_type", "author", "last_updated_time"]),
      byId("concept_media", [
        ...["id", "concept_id", "url", "media_type", "is_primary", "caption", "credit"],
        "last_updated_time",
      ]),
      byId("link_templates", LINK),
      byId("link_realizations", LINK),
      byId("literature_references", ["id", "citation", "doi", "last_updated_time"]),
      {
        name: "concept_references",
        columns: ["reference_id", "concept_id"],
        key: ["reference_id", "concept_id"],
      },
      byId("concept_history", [
        ...["id", "concept_id", "creation_time", "creator_name", "processed_time", "processor_name"],
        ...["approved", "action", "field", "old_value", "new_value"],
      ]),
      byId("user_accounts", [
        ...["id", "username", "password_hash", "role", "first_name", "last_name", "email", "affiliation"],
        "last_updated_time",
      ]),
      byId("preferences", ["id", "node_name", "pref_key", "pref_value"]),
    ],
  },
  {
    name: "registry",
    migrations: registryMigrations.sqlite,
    tables: [
      byUuid("video_sequences", ["uuid", "name", "camera_id", "description", "last_updated_time"]),
      byUuid("videos", [
        ...["uuid", "video_sequence_uuid", "name", "start_time", "duration_millis", "description"],
        "last_updated_time",
      ]),
      byUuid("video_references", [
        ...["uuid", "video_uuid", "uri", "container", "video_codec", "audio_codec", "width", "height"],
        ...["frame_rate", "size_bytes", "sha512", "description", "last_updated_time"],
      ]),
    ],
  },
  {
    name: "annotation",
    migrations: annotationMigrations.sqlite,
    derived: {
      names: [DEPTH_COUNTS_TABLE, DAY_COUNTS_TABLE, MOMENT_COUNTS_TABLE],
      recount: histogramCountsRebuild,
    },
    tables: [
      byUuid("imaged_moments", [
        ...["uuid", "video_reference_uuid", "elapsed_time_millis", "recorded_timestamp", "timecode"],
        "last_updated_timestamp",
      ]),
      { name: "imaged_moment_locks", columns: ["video_reference_uuid"], key: ["video_reference_uuid"] },
      byUuid("observations", [
        ...["uuid", "imaged_moment_uuid", "activity", "concept", "duration_millis", "observation_group"],
        ...["observation_timestamp", "observer", "last_updated_timestamp"],
      ]),
      byUuid("associations", [
        ...["uuid", "observation_uuid", "link_name", "link_value", "to_concept", "mime_type"],
        "last_updated_timestamp",
      ]),
      byUuid("image_references", [
        ...["uuid", "imaged_moment_uuid", "description", "format", "height_pixels", "url", "width_pixels"],
        "last_updated_timestamp",
      ]),
      byUuid("ancillary_data", [
        ...["uuid", "imaged_moment_uuid", "altitude", "coordinate_reference_system", "depth_meters"],
        ...["latitude", "longitude", "oxygen_ml_per_l", "phi", "xyz_position_units", "pressure_dbar", "psi"],
        ...["salinity", "temperature_celsius", "theta", "x", "y", "z", "light_transmission"],
        "last_updated_timestamp",
      ]),
      byUuid("video_reference_information", [
        ...["uuid", "video_reference_uuid", "mission_contact", "mission_id", "platform_name"],
        "last_updated_timestamp",
      ]),
    ],
  },
];

/** The names of a domain's migrations, oldest first (the same names on both engines). */
export function migrationNames(domain: ArchivedDomain): string[] {
  return domain.migrations.map((migration) => {
    const name = new (migration as new () => { name?: string })().name;
    if (!name) throw new Error(`a ${domain.name} migration has no name`);
    return name;
  });
}

/** The schema version this m3 writes and migrates a domain to: the name of its last migration. */
export function latestSchemaVersion(domain: ArchivedDomain): string {
  return migrationNames(domain).at(-1) as string;
}

export function archivedDomain(name: string): ArchivedDomain | undefined {
  return ARCHIVED_DOMAINS.find((domain) => domain.name === name);
}
