/**
 * The floor of bench:datasets: the same rows the dataset answer holds, read from the all-in-one's
 * SQLite files with the bare driver (better-sqlite3, no m3 code) and JSON.stringify'd in the
 * charybdis shape, in this process: no HTTP, no gRPC, no slices, no streaming.
 */
import Database from "better-sqlite3";

type Row = Record<string, unknown>;

/** SQLite's stored instant text (`2021-01-01 00:00:00.000000`) as ISO-8601. */
function iso(value: unknown): string | undefined {
  return typeof value === "string" ? `${value.replace(" ", "T")}Z` : undefined;
}

/** The dive's dataset as one JSON string, and how many annotations it holds. */
export function floorDataset(dataDir: string, dive: string): { json: string; annotations: number } {
  const db = new Database(`${dataDir}/annotation.sqlite`, { readonly: true });
  try {
    db.prepare("ATTACH DATABASE ? AS registry").run(`${dataDir}/registry.sqlite`);
    const media = db
      .prepare(
        `SELECT vs.uuid AS videoSequenceUuid, vr.uuid AS videoReferenceUuid, v.uuid AS videoUuid,
           vs.name AS videoSequenceName, vs.camera_id AS cameraId, vr.uri AS uri, v.start_time AS startTimestamp,
           v.duration_millis AS durationMillis, vr.container AS container, vr.width AS width, vr.height AS height,
           vr.video_codec AS videoCodec, v.name AS videoName
         FROM registry.video_references vr JOIN registry.videos v ON v.uuid = vr.video_uuid
         JOIN registry.video_sequences vs ON vs.uuid = v.video_sequence_uuid WHERE vs.name = ?
         ORDER BY v.start_time, vr.uri`,
      )
      .all(dive) as Row[];
    const videos = media.map((item) => String(item.videoReferenceUuid));
    const inVideos = `IN (${videos.map(() => "?").join(",")})`;
    const associations = new Map<string, Row[]>();
    for (const row of db
      .prepare(
        `SELECT a.observation_uuid AS o, a.link_name AS linkName, a.to_concept AS toConcept, a.link_value AS linkValue,
           a.mime_type AS mimeType, a.uuid AS uuid
         FROM associations a JOIN observations o ON o.uuid = a.observation_uuid
         JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid WHERE im.video_reference_uuid ${inVideos}`,
      )
      .all(...videos) as Row[]) {
      const { o, ...association } = row;
      const list = associations.get(String(o)) ?? [];
      list.push(association);
      associations.set(String(o), list);
    }
    const images = new Map<string, Row[]>();
    for (const row of db
      .prepare(
        `SELECT ir.imaged_moment_uuid AS m, ir.uuid AS uuid, ir.description AS description, ir.url AS url,
           ir.format AS format, ir.width_pixels AS width, ir.height_pixels AS height
         FROM image_references ir JOIN imaged_moments im ON im.uuid = ir.imaged_moment_uuid
         WHERE im.video_reference_uuid ${inVideos}`,
      )
      .all(...videos) as Row[]) {
      const { m, ...image } = row;
      const list = images.get(String(m)) ?? [];
      list.push(image);
      images.set(String(m), list);
    }
    const annotations = (
      db
        .prepare(
          `SELECT o.uuid AS observationUuid, o.concept AS concept, o.observer AS observer,
             o.observation_timestamp AS observationTimestamp, im.video_reference_uuid AS videoReferenceUuid,
             im.uuid AS imagedMomentUuid, im.timecode AS timecode, im.elapsed_time_millis AS elapsedTimeMillis,
             im.recorded_timestamp AS recordedTimestamp, o.duration_millis AS durationMillis,
             o.observation_group AS "group", o.activity AS activity, ad.uuid AS adUuid, ad.latitude AS latitude,
             ad.longitude AS longitude, ad.depth_meters AS depthMeters, ad.temperature_celsius AS temperatureCelsius
           FROM observations o JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
           LEFT JOIN ancillary_data ad ON ad.imaged_moment_uuid = im.uuid
           WHERE im.video_reference_uuid ${inVideos} ORDER BY im.video_reference_uuid, o.uuid`,
        )
        .all(...videos) as Row[]
    ).map((row) => {
      const { adUuid, latitude, longitude, depthMeters, temperatureCelsius, ...annotation } = row;
      return {
        ...annotation,
        observationTimestamp: iso(annotation.observationTimestamp),
        recordedTimestamp: iso(annotation.recordedTimestamp),
        associations: associations.get(String(annotation.observationUuid)) ?? [],
        imageReferences: images.get(String(annotation.imagedMomentUuid)) ?? [],
        ancillaryData:
          adUuid === null
            ? undefined
            : { latitude, longitude, depthMeters, temperatureCelsius, uuid: adUuid },
        saved: true,
      };
    });
    const withStarts = media.map((item) => ({ ...item, startTimestamp: iso(item.startTimestamp) }));
    return { json: JSON.stringify({ media: withStarts, annotations }), annotations: annotations.length };
  } finally {
    db.close();
  }
}
