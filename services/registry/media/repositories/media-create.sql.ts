/**
 * What a new media can join, found in one statement: the media of the URI, else the video of the
 * name (with its own sequence), else the sequence of the name. Each branch names itself in
 * `found_by` and fills the Media view's columns it knows (the others NULL), so a create reads
 * the database once before it writes.
 */
export const MEDIA_CREATE_PLACE = `SELECT 'uri' AS found_by,
  vs.uuid AS video_sequence_uuid, v.uuid AS video_uuid, vr.uuid AS video_reference_uuid,
  vs.name AS video_sequence_name, vs.camera_id AS camera_id, v.name AS video_name, vr.uri AS uri,
  v.start_time AS start_time, v.duration_millis AS duration_millis, vr.container AS container,
  vr.video_codec AS video_codec, vr.audio_codec AS audio_codec, vr.width AS width, vr.height AS height,
  vr.frame_rate AS frame_rate, vr.size_bytes AS size_bytes, vr.description AS description,
  vs.description AS video_sequence_description, v.description AS video_description, vr.sha512 AS sha512
FROM video_references vr
INNER JOIN videos v ON v.uuid = vr.video_uuid
INNER JOIN video_sequences vs ON vs.uuid = v.video_sequence_uuid
WHERE vr.uri = ?
UNION ALL
SELECT 'video_name',
  vs.uuid, v.uuid, NULL,
  vs.name, vs.camera_id, v.name, NULL,
  v.start_time, v.duration_millis, NULL,
  NULL, NULL, NULL, NULL,
  NULL, NULL, NULL,
  vs.description, v.description, NULL
FROM videos v
INNER JOIN video_sequences vs ON vs.uuid = v.video_sequence_uuid
WHERE v.name = ?
UNION ALL
SELECT 'sequence_name',
  vs.uuid, NULL, NULL,
  vs.name, vs.camera_id, NULL, NULL,
  NULL, NULL, NULL,
  NULL, NULL, NULL, NULL,
  NULL, NULL, NULL,
  vs.description, NULL, NULL
FROM video_sequences vs
WHERE vs.name = ?`;
