import type { Dialect } from "../../../kit/storage/domain-storage.js";

/**
 * The `annotations` view of the tabular query: one row per imaged moment x observation x
 * image x association, with the legacy column names: the union of the legacy deployments'
 * views (the Postgres view's columns; the SQL Server view's `association_uuid` and its
 * singular `association`; the registry columns MBARI's deployments join in). This definition is the only list of
 * the view's columns: the migration creates the view from it, the query rules accept only
 * these names, and the TSV encoder prints each column by its kind.
 */

/** How a column's values are printed. */
export type ColumnKind = "uuid" | "text" | "integer" | "long" | "double" | "instant";

export interface ViewColumn {
  name: string;
  kind: ColumnKind;
  /** The SQL over the view's tables (im, obs, ir, ass, ad, info; vr, v, vs from the registry). */
  expression: string;
  /** Display size, as the legacy JDBC metadata reported it. */
  size: number;
  /** Read from the registry's tables: null unless the registry is reachable (see RegistryLink). */
  fromRegistry: boolean;
}

const UNBOUNDED = 2_147_483_647;

function column(name: string, kind: ColumnKind, expression: string, size: number): ViewColumn {
  return { name, kind, expression, size, fromRegistry: false };
}

function registryColumn(name: string, kind: ColumnKind, expression: string, size: number): ViewColumn {
  return { name, kind, expression, size, fromRegistry: true };
}

const text = (name: string, expression: string, size: number) => column(name, "text", expression, size);
const measure = (name: string) => column(name, "double", `ad.${name}`, 17);

/** Columns read from the registry's tables; null when the registry is not on the same server. */
const REGISTRY_COLUMNS: readonly ViewColumn[] = [
  registryColumn("video_uri", "text", "vr.uri", 1024),
  registryColumn("video_name", "text", "v.name", 512),
  registryColumn("video_start_timestamp", "instant", "v.start_time", 35),
  registryColumn("video_duration_millis", "long", "v.duration_millis", 19),
  registryColumn("camera_id", "text", "vs.camera_id", 256),
  registryColumn("video_sequence_name", "text", "vs.name", 512),
  registryColumn("audio_codec", "text", "vr.audio_codec", 128),
  registryColumn("video_codec", "text", "vr.video_codec", 128),
  registryColumn("video_container", "text", "vr.container", 128),
  registryColumn("video_width", "integer", "vr.width", 10),
  registryColumn("video_height", "integer", "vr.height", 10),
  registryColumn("frame_rate", "double", "vr.frame_rate", 17),
  registryColumn("video_size_bytes", "long", "vr.size_bytes", 19),
  registryColumn("video_sha512", "text", "vr.sha512", 128),
  registryColumn("video_reference_description", "text", "vr.description", 2048),
  registryColumn("video_description", "text", "v.description", 2048),
  registryColumn("video_sequence_description", "text", "vs.description", 2048),
];

const ASSOCIATIONS_TEXT = "NULLIF(CONCAT_WS(' | ', ass.link_name, ass.to_concept, ass.link_value), '')";

export const VIEW_COLUMNS: readonly ViewColumn[] = [
  column("imaged_moment_uuid", "uuid", "im.uuid", 36),
  column("index_elapsed_time_millis", "long", "im.elapsed_time_millis", 19),
  column("index_recorded_timestamp", "instant", "im.recorded_timestamp", 35),
  text("index_timecode", "im.timecode", 255),
  column("observation_uuid", "uuid", "obs.uuid", 36),
  text("activity", "obs.activity", 128),
  text("concept", "obs.concept", 256),
  column("duration_millis", "long", "obs.duration_millis", 19),
  text("observation_group", "obs.observation_group", 128),
  column("observation_timestamp", "instant", "obs.observation_timestamp", 35),
  text("observer", "obs.observer", 128),
  column("image_reference_uuid", "uuid", "ir.uuid", 36),
  text("image_description", "ir.description", 256),
  text("image_format", "ir.format", 64),
  column("image_height", "integer", "ir.height_pixels", 10),
  column("image_width", "integer", "ir.width_pixels", 10),
  text("image_url", "ir.url", 1024),
  text("link_name", "ass.link_name", 128),
  text("link_value", "ass.link_value", 1024),
  text("to_concept", "ass.to_concept", 128),
  text("association_mime_type", "ass.mime_type", 64),
  column("association_uuid", "uuid", "ass.uuid", 36),
  text("associations", ASSOCIATIONS_TEXT, UNBOUNDED),
  // The SQL Server view's name for the same text.
  text("association", ASSOCIATIONS_TEXT, UNBOUNDED),
  measure("altitude"),
  text("coordinate_reference_system", "ad.coordinate_reference_system", 32),
  measure("depth_meters"),
  measure("latitude"),
  measure("longitude"),
  measure("oxygen_ml_per_l"),
  measure("phi"),
  text("xyz_position_units", "ad.xyz_position_units", 255),
  measure("pressure_dbar"),
  measure("psi"),
  measure("salinity"),
  measure("temperature_celsius"),
  measure("theta"),
  measure("x"),
  measure("y"),
  measure("z"),
  measure("light_transmission"),
  text("chief_scientist", "info.mission_contact", 64),
  text("dive_number", "info.mission_id", 256),
  text("camera_platform", "info.platform_name", 64),
  column("video_reference_uuid", "uuid", "im.video_reference_uuid", 36),
  ...REGISTRY_COLUMNS,
];

const BY_NAME = new Map(VIEW_COLUMNS.map((viewColumn) => [viewColumn.name, viewColumn]));

/** The column of that name (names are case-insensitive, as the legacy SQL's were). */
export function findViewColumn(name: string): ViewColumn | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

const ANNOTATION_JOINS = `imaged_moments im
  LEFT JOIN observations obs ON obs.imaged_moment_uuid = im.uuid
  LEFT JOIN image_references ir ON ir.imaged_moment_uuid = im.uuid
  LEFT JOIN associations ass ON ass.observation_uuid = obs.uuid
  LEFT JOIN ancillary_data ad ON ad.imaged_moment_uuid = im.uuid
  LEFT JOIN video_reference_information info ON info.video_reference_uuid = im.video_reference_uuid`;

/** A MySQL database or PostgreSQL schema name that can be spliced as an identifier (it comes from configuration). */
const SCHEMA_NAME = /^[A-Za-z0-9_$]{1,64}$/;

/**
 * The SELECT behind the view. With the registry's schema name (its database on the same MySQL
 * server, its schema in the same PostgreSQL database, or its attached SQLite file), the registry
 * columns come from its tables; without it they are null. `columns` is for migrations that must
 * rebuild an earlier form of the view; `dialect` quotes the schema's name.
 */
export function annotationsViewSelect(
  registrySchema?: string,
  columns: readonly ViewColumn[] = VIEW_COLUMNS,
  dialect: Dialect = "mysql",
): string {
  const registry = registrySchema === undefined ? undefined : checkedSchema(registrySchema, dialect);
  const list = columns.map((viewColumn) => {
    const expression = viewColumn.fromRegistry && registry === undefined ? "NULL" : viewColumn.expression;
    return `${expression} AS ${viewColumn.name}`;
  });
  const joins =
    registry === undefined
      ? ANNOTATION_JOINS
      : `${ANNOTATION_JOINS}
  LEFT JOIN ${registry}.video_references vr ON vr.uuid = im.video_reference_uuid
  LEFT JOIN ${registry}.videos v ON v.uuid = vr.video_uuid
  LEFT JOIN ${registry}.video_sequences vs ON vs.uuid = v.video_sequence_uuid`;
  return `SELECT ${list.join(",\n  ")}\nFROM ${joins}`;
}

/** The schema name quoted as an identifier of the dialect; a name that is not one fails. */
export function checkedSchema(name: string, dialect: Dialect): string {
  if (!SCHEMA_NAME.test(name)) throw new Error(`not a database name: ${JSON.stringify(name)}`);
  // PostgreSQL quotes identifiers as the SQL standard does; MySQL and SQLite take backticks.
  return dialect === "postgres" ? `"${name}"` : `\`${name}\``;
}
