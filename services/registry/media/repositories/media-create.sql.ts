import { MEDIA_COLUMNS, MEDIA_FROM } from "./media-view.sql.js";

/**
 * What a new media can join, found in one statement: the media of the URI, else the video of the
 * name (with its own sequence), else the sequence of the name. Each branch names itself in
 * `found_by` and fills the Media view's columns it knows (the others NULL), so a create reads
 * the database once before it writes.
 */
export const MEDIA_CREATE_PLACE = `SELECT 'uri' AS found_by, ${MEDIA_COLUMNS}
${MEDIA_FROM}
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
