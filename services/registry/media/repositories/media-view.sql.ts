/**
 * The Media view's columns (a video reference with its video and sequence) and the joins that
 * give them: one declaration for the media reads and the create's look-up.
 */
export const MEDIA_COLUMNS = `vs.uuid AS video_sequence_uuid, v.uuid AS video_uuid, vr.uuid AS video_reference_uuid,
  vs.name AS video_sequence_name, vs.camera_id AS camera_id, v.name AS video_name, vr.uri AS uri,
  v.start_time AS start_time, v.duration_millis AS duration_millis, vr.container AS container,
  vr.video_codec AS video_codec, vr.audio_codec AS audio_codec, vr.width AS width, vr.height AS height,
  vr.frame_rate AS frame_rate, vr.size_bytes AS size_bytes, vr.description AS description,
  vs.description AS video_sequence_description, v.description AS video_description, vr.sha512 AS sha512`;

export const MEDIA_FROM = `FROM video_references vr
INNER JOIN videos v ON v.uuid = vr.video_uuid
INNER JOIN video_sequences vs ON vs.uuid = v.video_sequence_uuid`;
