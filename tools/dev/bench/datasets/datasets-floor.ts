/**
 * The floor of bench:datasets: the same rows the dataset answer holds, read with the bare driver
 * (better-sqlite3 on the all-in-one's SQLite files, or mysql2 on its MariaDB database; no m3
 * code) and JSON.stringify'd in the charybdis shape, in this process: no HTTP, no gRPC, no
 * slices, no streaming.
 */
import Database from "better-sqlite3";
import mysql from "mysql2/promise";

type Row = Record<string, unknown>;

/** Runs one SELECT and gives its rows keyed by label, instants as the stored text. */
export type ReadRows = (sql: string, params: readonly unknown[]) => Promise<Row[]>;

/** A bare reader of the all-in-one's data: its SQLite files, or its MariaDB database. */
export interface FloorReader {
  read: ReadRows;
  /** What the registry's tables are prefixed with (`registry.` for the attached SQLite file). */
  registry: string;
  close(): Promise<void>;
}

export function sqliteFloorReader(dataDir: string): FloorReader {
  const db = new Database(`${dataDir}/annotation.sqlite`, { readonly: true });
  db.prepare("ATTACH DATABASE ? AS registry").run(`${dataDir}/registry.sqlite`);
  return {
    read: async (sql, params) => db.prepare(sql).all(...params) as Row[],
    registry: "registry.",
    close: async () => void db.close(),
  };
}

export function mariadbFloorReader(databaseUrl: string): FloorReader {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: 1, dateStrings: true });
  return {
    read: async (sql, params) => (await pool.query(sql, [...params]))[0] as Row[],
    registry: "",
    close: () => pool.end(),
  };
}

/** The stored instant text (`2021-01-01 00:00:00.000000`) as ISO-8601. */
function iso(value: unknown): string | undefined {
  return typeof value === "string" ? `${value.replace(" ", "T")}Z` : undefined;
}

function grouped(rows: Row[], key: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const { [key]: by, ...row } of rows) {
    const list = groups.get(String(by)) ?? [];
    list.push(row);
    groups.set(String(by), list);
  }
  return groups;
}

/** The dive's dataset as one JSON string, and how many annotations it holds. */
export async function floorDataset(
  { read, registry }: FloorReader,
  dive: string,
): Promise<{ json: string; annotations: number }> {
  const media = await read(
    `SELECT vs.uuid AS videoSequenceUuid, vr.uuid AS videoReferenceUuid, v.uuid AS videoUuid,
       vs.name AS videoSequenceName, vs.camera_id AS cameraId, vr.uri AS uri, v.start_time AS startTimestamp,
       v.duration_millis AS durationMillis, vr.container AS container, vr.width AS width, vr.height AS height,
       vr.video_codec AS videoCodec, v.name AS videoName
     FROM ${registry}video_references vr JOIN ${registry}videos v ON v.uuid = vr.video_uuid
     JOIN ${registry}video_sequences vs ON vs.uuid = v.video_sequence_uuid WHERE vs.name = ?
     ORDER BY v.start_time, vr.uri`,
    [dive],
  );
  const videos = media.map((item) => String(item.videoReferenceUuid));
  const inVideos = `IN (${videos.map(() => "?").join(",")})`;
  const associations = grouped(
    await read(
      `SELECT a.observation_uuid AS o, a.link_name AS linkName, a.to_concept AS toConcept,
         a.link_value AS linkValue, a.mime_type AS mimeType, a.uuid AS uuid
       FROM associations a JOIN observations o ON o.uuid = a.observation_uuid
       JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid WHERE im.video_reference_uuid ${inVideos}`,
      videos,
    ),
    "o",
  );
  const images = grouped(
    await read(
      `SELECT ir.imaged_moment_uuid AS m, ir.uuid AS uuid, ir.description AS description, ir.url AS url,
         ir.format AS format, ir.width_pixels AS width, ir.height_pixels AS height
       FROM image_references ir JOIN imaged_moments im ON im.uuid = ir.imaged_moment_uuid
       WHERE im.video_reference_uuid ${inVideos}`,
      videos,
    ),
    "m",
  );
  const rows = await read(
    `SELECT o.uuid AS observationUuid, o.concept AS concept, o.observer AS observer,
       o.observation_timestamp AS observationTimestamp, im.video_reference_uuid AS videoReferenceUuid,
       im.uuid AS imagedMomentUuid, im.timecode AS timecode, im.elapsed_time_millis AS elapsedTimeMillis,
       im.recorded_timestamp AS recordedTimestamp, o.duration_millis AS durationMillis,
       o.observation_group AS observationGroup, o.activity AS activity, ad.uuid AS adUuid, ad.latitude AS latitude,
       ad.longitude AS longitude, ad.depth_meters AS depthMeters, ad.temperature_celsius AS temperatureCelsius
     FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
     LEFT JOIN ancillary_data ad ON ad.imaged_moment_uuid = im.uuid
     WHERE im.video_reference_uuid ${inVideos} ORDER BY im.video_reference_uuid, o.uuid`,
    videos,
  );
  const annotations = rows.map((row) => {
    const { adUuid, latitude, longitude, depthMeters, temperatureCelsius, observationGroup, ...annotation } =
      row;
    return {
      ...annotation,
      group: observationGroup,
      observationTimestamp: iso(annotation.observationTimestamp),
      recordedTimestamp: iso(annotation.recordedTimestamp),
      associations: associations.get(String(annotation.observationUuid)) ?? [],
      imageReferences: images.get(String(annotation.imagedMomentUuid)) ?? [],
      ancillaryData:
        adUuid === null ? undefined : { latitude, longitude, depthMeters, temperatureCelsius, uuid: adUuid },
      saved: true,
    };
  });
  const withStarts = media.map((item) => ({ ...item, startTimestamp: iso(item.startTimestamp) }));
  return { json: JSON.stringify({ media: withStarts, annotations }), annotations: annotations.length };
}
