import { createHash, randomBytes } from "node:crypto";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";

/** A unique suffix so concurrent tests sharing one database never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

export function sha512Hex(text: string): string {
  return createHash("sha512").update(text).digest("hex");
}

export interface MediaRecord {
  video_sequence_uuid: string;
  video_uuid: string;
  video_reference_uuid: string;
  video_sequence_name: string;
  camera_id: string;
  video_name: string;
  uri: string;
  start_timestamp: string;
  duration_millis?: number;
  sha512?: string;
  [field: string]: unknown;
}

/** Form fields of a complete media, unique per call, overridable field by field. */
export function mediaForm(overrides: Record<string, string | number> = {}): Record<string, string | number> {
  const id = unique("m");
  return {
    video_sequence_name: `seq-${id}`,
    camera_id: `cam-${id}`,
    video_name: `vid-${id}`,
    uri: `http://example.org/${id}/video.mp4`,
    start_timestamp: "2020-01-01T00:00:00Z",
    duration_millis: 600_000,
    container: "video/mp4",
    video_codec: "h264",
    audio_codec: "aac",
    width: 1920,
    height: 1080,
    frame_rate: "29.970000",
    size_bytes: 64185148974,
    sha512: sha512Hex(id),
    description: "reference",
    video_description: "video",
    video_sequence_description: "sequence",
    ...overrides,
  };
}

/** Creates a media through POST /v1/media (form) and returns it. */
export async function createMedia(
  http: HttpClient,
  overrides: Record<string, string | number> = {},
): Promise<MediaRecord> {
  const reply = await http.post("/vam/v1/media", { form: mediaForm(overrides) });
  if (reply.status !== 200) throw new Error(`POST /vam/v1/media answered ${reply.status}: ${reply.text}`);
  return reply.json as MediaRecord;
}
