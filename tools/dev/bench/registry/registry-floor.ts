/**
 * The floor of the registry benchmark: the same reads and writes the registry does for
 * GET media and POST media, issued directly with mysql2 (no gateway, no gRPC, no ORM).
 */
import type { Pool } from "mysql2/promise";
import { uuidV7 } from "../../../../services/kit/ids/uuid.js";
import { Instant } from "../../../../services/kit/time/instant.js";

/** The SELECT the registry runs for GET media/videoreference/{uuid}. */
export const MEDIA_BY_REFERENCE = `
  SELECT vs.uuid AS video_sequence_uuid, vs.name AS video_sequence_name, vs.camera_id, vs.description AS vs_description,
         v.uuid AS video_uuid, v.name AS video_name, v.start_time, v.duration_millis, v.description AS video_description,
         vr.uuid AS video_reference_uuid, vr.uri, vr.container, vr.video_codec, vr.audio_codec, vr.width, vr.height,
         vr.frame_rate, vr.size_bytes, vr.sha512, vr.description
    FROM video_references vr
    JOIN videos v ON v.uuid = vr.video_uuid
    JOIN video_sequences vs ON vs.uuid = v.video_sequence_uuid
   WHERE vr.uuid = ?`;

export async function floorGetMedia(pool: Pool, videoReferenceUuid: string): Promise<void> {
  const [rows] = await pool.query(MEDIA_BY_REFERENCE, [videoReferenceUuid]);
  if ((rows as unknown[]).length !== 1) throw new Error("floor: media not found");
}

/** Create-or-get of one new media in a transaction: three look-ups, three inserts, then the read back. */
export async function floorCreateMedia(pool: Pool, id: string): Promise<void> {
  const connection = await pool.getConnection();
  try {
    await connection.beginTransaction();
    const uri = `http://bench.example.org/floor/${id}.mp4`;
    await connection.query("SELECT uuid FROM video_references WHERE uri = ?", [uri]);
    await connection.query("SELECT uuid FROM videos WHERE name = ?", [`floor-video-${id}`]);
    await connection.query("SELECT uuid FROM video_sequences WHERE name = ?", [`floor-seq-${id}`]);
    const now = Instant.now().toSql();
    const [sequenceUuid, videoUuid, referenceUuid] = [uuidV7(), uuidV7(), uuidV7()];
    await connection.query(
      "INSERT INTO video_sequences (uuid, name, camera_id, last_updated_time) VALUES (?, ?, ?, ?)",
      [sequenceUuid, `floor-seq-${id}`, "bench-cam", now],
    );
    await connection.query(
      "INSERT INTO videos (uuid, video_sequence_uuid, name, start_time, duration_millis, last_updated_time) VALUES (?, ?, ?, ?, ?, ?)",
      [videoUuid, sequenceUuid, `floor-video-${id}`, "2024-01-01 00:00:00.000000", 600000, now],
    );
    await connection.query(
      "INSERT INTO video_references (uuid, video_uuid, uri, container, width, height, last_updated_time) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [referenceUuid, videoUuid, uri, "video/mp4", 1920, 1080, now],
    );
    await connection.query(MEDIA_BY_REFERENCE, [referenceUuid]);
    await connection.commit();
  } catch (error) {
    await connection.rollback();
    throw error;
  } finally {
    connection.release();
  }
}

const SEQUENCE_TREE = `
  SELECT vs.uuid, vs.name, vs.camera_id, vs.description, vs.last_updated_time,
         v.uuid AS v_uuid, v.name AS v_name, v.start_time, v.duration_millis, v.description AS v_description,
         v.last_updated_time AS v_last_updated_time,
         vr.uuid AS vr_uuid, vr.uri, vr.container, vr.video_codec, vr.audio_codec, vr.width, vr.height,
         vr.frame_rate, vr.size_bytes, vr.sha512, vr.description AS vr_description,
         vr.last_updated_time AS vr_last_updated_time
    FROM video_sequences vs
    LEFT JOIN videos v ON v.video_sequence_uuid = vs.uuid
    LEFT JOIN video_references vr ON vr.video_uuid = v.uuid
   WHERE vs.uuid = ?`;

/** A sequence with its videos and their references in one statement, as GET videosequences/{uuid} needs. */
export async function floorGetSequence(pool: Pool, videoSequenceUuid: string): Promise<void> {
  const [rows] = await pool.query(SEQUENCE_TREE, [videoSequenceUuid]);
  if ((rows as unknown[]).length === 0) throw new Error("floor: sequence not found");
}
