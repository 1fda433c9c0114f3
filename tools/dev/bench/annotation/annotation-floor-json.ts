/**
 * The HTTP floor of GET /anno/v1/annotations/videoreference/{uuid}: the same two SELECTs as
 * floorReadVideo, and the same JSON m3 answers (keys in m3's order, absent values left out,
 * instants printed as m3 prints them), built by hand from the rows.
 */
import type { Pool } from "mysql2/promise";
import { instantText } from "../../../../services/annotation/query/services/java-text.js";

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

/** The SELECT of one video's annotations with their associations, the floor's only statement. */
export const VIDEO_ROWS = `SELECT o.uuid, o.concept, o.observer, o.observation_timestamp, o.duration_millis, o.observation_group,
       o.activity, o.last_updated_timestamp, im.uuid AS imaged_moment_uuid, im.video_reference_uuid,
       im.timecode, im.elapsed_time_millis, im.recorded_timestamp,
       a.uuid AS association_uuid, a.link_name, a.to_concept, a.link_value, a.mime_type,
       a.last_updated_timestamp AS association_last_updated
  FROM imaged_moments im
  JOIN observations o ON o.imaged_moment_uuid = im.uuid
  LEFT JOIN associations a ON a.observation_uuid = o.uuid
 WHERE im.video_reference_uuid = ?
 ORDER BY o.uuid, a.uuid`;

const VIDEO_IMAGES = `SELECT ir.uuid, ir.imaged_moment_uuid, ir.description, ir.format, ir.height_pixels, ir.url,
       ir.width_pixels, ir.last_updated_timestamp
  FROM image_references ir JOIN imaged_moments im ON im.uuid = ir.imaged_moment_uuid
 WHERE im.video_reference_uuid = ? ORDER BY ir.url`;

/** Sets `key` only when the value is present, as m3 leaves absent fields out. */
function put(json: Json, key: string, value: unknown): void {
  if (value !== null && value !== undefined) json[key] = value;
}

function instant(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : instantText(String(value));
}

function imageJson(row: Row): Json {
  const json: Json = { url: row.url };
  put(json, "format", row.format);
  put(json, "width_pixels", row.width_pixels);
  put(json, "height_pixels", row.height_pixels);
  put(json, "description", row.description);
  json.uuid = row.uuid;
  json.last_updated_time = instant(row.last_updated_timestamp);
  return json;
}

function associationJson(row: Row): Json {
  const json: Json = { link_name: row.link_name };
  put(json, "to_concept", row.to_concept);
  put(json, "link_value", row.link_value);
  json.mime_type = row.mime_type;
  json.uuid = row.association_uuid;
  json.last_updated_time = instant(row.association_last_updated);
  return json;
}

function annotationJson(row: Row, images: Json[]): Json {
  const json: Json = {};
  put(json, "activity", row.activity);
  json.associations = [];
  put(json, "concept", row.concept);
  put(json, "duration_millis", row.duration_millis);
  put(json, "elapsed_time_millis", row.elapsed_time_millis);
  put(json, "group", row.observation_group);
  json.imaged_moment_uuid = row.imaged_moment_uuid;
  json.image_references = images;
  json.observation_timestamp = instant(row.observation_timestamp);
  json.observation_uuid = row.uuid;
  put(json, "observer", row.observer);
  put(json, "recorded_timestamp", instant(row.recorded_timestamp));
  put(json, "timecode", row.timecode);
  json.video_reference_uuid = row.video_reference_uuid;
  json.last_updated = instant(row.last_updated_timestamp);
  return json;
}

/** The video's annotations as m3's JSON text. */
export async function floorVideoJson(pool: Pool, video: string): Promise<string> {
  const [rows] = await pool.query(VIDEO_ROWS, [video]);
  const [imageRows] = await pool.query(VIDEO_IMAGES, [video]);
  const imagesOf = new Map<string, Json[]>();
  for (const row of imageRows as Row[]) {
    const moment = row.imaged_moment_uuid as string;
    const list = imagesOf.get(moment);
    if (list) list.push(imageJson(row));
    else imagesOf.set(moment, [imageJson(row)]);
  }
  const annotations: Json[] = [];
  let current: Json = {};
  for (const row of rows as Row[]) {
    if (current.observation_uuid !== row.uuid) {
      current = annotationJson(row, imagesOf.get(row.imaged_moment_uuid as string) ?? []);
      annotations.push(current);
    }
    if (row.association_uuid !== null) (current.associations as Json[]).push(associationJson(row));
  }
  return JSON.stringify(annotations);
}
