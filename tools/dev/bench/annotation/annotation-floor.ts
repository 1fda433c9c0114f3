/**
 * The workload and the floor of the annotation benchmark: the annotations a bulk import
 * sends, and the same rows written and read directly with mysql2 (no gateway, no gRPC, no
 * ORM, no find-or-create look-ups).
 */
import type { Pool } from "mysql2/promise";
import { uuidV7 } from "../../../../services/kit/ids/uuid.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import { VIDEO_ROWS } from "./annotation-floor-json.js";

/** One bulk item as the client sends it (JSON names of POST /anno/v1/annotations/bulk). */
export interface BenchAnnotation {
  video_reference_uuid: string;
  concept: string;
  observer: string;
  activity: string;
  group: string;
  observation_timestamp: string;
  timecode: string;
  elapsed_time_millis: number;
  recorded_timestamp: string;
  associations: { link_name: string; to_concept: string; link_value: string; mime_type: string }[];
}

const CONCEPTS = [
  "Nanomia bijuga",
  "Aegina citrea",
  "Bathochordaeus",
  "Sebastes",
  "Chiroteuthis calyx",
  "Poeobius meseres",
  "Solmissus",
  "marine snow",
];
const DIVE_START = Instant.parse("2024-05-01T17:00:00Z") as Instant;

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** HH:MM:SS:FF at 30 frames per second. */
function timecodeOf(elapsedMillis: number): string {
  const seconds = Math.floor(elapsedMillis / 1000);
  const frames = Math.floor(((elapsedMillis % 1000) * 30) / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}:${pad(frames)}`;
}

/**
 * The `index`-th annotation of a video: its own imaged moment (one every 1.5 s of video,
 * with timecode, elapsed time and recorded timestamp), one association.
 */
export function benchAnnotation(video: string, videoIndex: number, index: number): BenchAnnotation {
  const elapsed = index * 1500;
  const recorded = DIVE_START.plusMillis(videoIndex * 86_400_000 + elapsed);
  return {
    video_reference_uuid: video,
    concept: CONCEPTS[index % CONCEPTS.length] as string,
    observer: "bench",
    activity: "descend",
    group: "ROV",
    observation_timestamp: recorded.plusMillis(3_600_000).toString(),
    timecode: timecodeOf(elapsed),
    elapsed_time_millis: elapsed,
    recorded_timestamp: recorded.toString(),
    associations: [
      { link_name: "comment", to_concept: "self", link_value: `bench ${index}`, mime_type: "text/plain" },
    ],
  };
}

/** Creates the annotation tables of `from` in `to` exactly as m3's migration made them (keys and foreign keys). */
export async function copyAnnotationSchema(from: Pool, to: Pool): Promise<void> {
  for (const table of ["imaged_moments", "observations", "associations", "image_references"]) {
    const [rows] = await from.query(`SHOW CREATE TABLE ${table}`);
    const ddl = (rows as Record<string, string>[])[0]?.["Create Table"];
    if (!ddl) throw new Error(`floor: no DDL for ${table}`);
    await to.query(ddl);
  }
}

/** One batch in one transaction: a multi-row INSERT per table, as a hand-written importer would. */
export async function floorInsertBatch(pool: Pool, batch: readonly BenchAnnotation[]): Promise<void> {
  const now = Instant.now().toSql();
  const moments: unknown[][] = [];
  const observations: unknown[][] = [];
  const associations: unknown[][] = [];
  for (const item of batch) {
    const moment = uuidV7();
    const observation = uuidV7();
    moments.push([
      moment,
      item.video_reference_uuid,
      item.elapsed_time_millis,
      (Instant.parse(item.recorded_timestamp) as Instant).toSql(),
      item.timecode,
      now,
    ]);
    observations.push([
      observation,
      moment,
      item.activity,
      item.concept,
      item.group,
      (Instant.parse(item.observation_timestamp) as Instant).toSql(),
      item.observer,
      now,
    ]);
    for (const a of item.associations) {
      associations.push([uuidV7(), observation, a.link_name, a.link_value, a.to_concept, a.mime_type, now]);
    }
  }
  const connection = await pool.getConnection();
  try {
    await connection.beginTransaction();
    await connection.query(
      "INSERT INTO imaged_moments (uuid, video_reference_uuid, elapsed_time_millis, recorded_timestamp, timecode, last_updated_timestamp) VALUES ?",
      [moments],
    );
    await connection.query(
      "INSERT INTO observations (uuid, imaged_moment_uuid, activity, concept, observation_group, observation_timestamp, observer, last_updated_timestamp) VALUES ?",
      [observations],
    );
    await connection.query(
      "INSERT INTO associations (uuid, observation_uuid, link_name, link_value, to_concept, mime_type, last_updated_timestamp) VALUES ?",
      [associations],
    );
    await connection.commit();
  } catch (error) {
    await connection.rollback();
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * The floor of GET /annotations/videoreference/{uuid}: the video's observations with their
 * imaged moments and associations in one join, ordered by observation UUID, and the images
 * of those moments in a second statement. Rows only: no objects, no JSON.
 */
export async function floorReadVideo(pool: Pool, video: string, expected: number): Promise<void> {
  const [rows] = await pool.query(VIDEO_ROWS, [video]);
  await pool.query(
    `SELECT ir.* FROM image_references ir JOIN imaged_moments im ON im.uuid = ir.imaged_moment_uuid
      WHERE im.video_reference_uuid = ? ORDER BY ir.url`,
    [video],
  );
  if ((rows as unknown[]).length !== expected) {
    throw new Error(`floor: ${(rows as unknown[]).length} rows for ${expected} annotations`);
  }
}
