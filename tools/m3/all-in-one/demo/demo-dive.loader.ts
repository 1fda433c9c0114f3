import type { ImageReferenceJson } from "./demo-annotations.js";
import { CLIP_URI, DEMO_CLIP, DEMO_FRAME_MILLIS, type DemoDivePlan, referenceUri } from "./demo-plan.js";
import type { PlatformClient } from "./platform-client.js";

const CREATE_MEDIA = "m3.registry.v1.MediaService/CreateMedia";
const LIST_MEDIA = "m3.registry.v1.MediaService/ListMediaByVideoSequenceName";
const COUNT_OBSERVATIONS = "m3.annotation.v1.ObservationService/CountObservationsByVideoReference";
const CAPTURE_JPEG = "m3.capture.v1.CaptureService/CaptureJpegFrame";
const UPLOAD_IMAGE = "m3.upload.v1.ImageService/UploadImage";

/** The registry's media record, as far as the demo reads it. */
export interface MediaJson {
  video_reference_uuid: string;
  video_name: string;
  uri: string;
}

/**
 * What the platform holds of a demo dive: no sequence of its name; the demo's videos with
 * annotations; the demo's videos without any (a start interrupted before the annotations,
 * which are written last, in one transaction); or a sequence of that name with other videos.
 */
export type DiveState = "absent" | "complete" | "unannotated" | "foreign";

export async function readDiveState(
  client: PlatformClient,
  dive: DemoDivePlan,
  clipUrl: string,
): Promise<DiveState> {
  const media = await client.json<MediaJson[]>(LIST_MEDIA, { params: { video_sequence_name: dive.name } });
  if (media.length === 0) return "absent";
  const planned = new Set(
    dive.videos.flatMap((video) => video.references.map((reference) => referenceUri(reference, clipUrl))),
  );
  if (!media.every(({ uri }) => planned.has(uri))) return "foreign";
  for (const { video_reference_uuid } of media) {
    const { count } = await client.json<{ count: number }>(COUNT_OBSERVATIONS, {
      params: { video_reference_uuid },
    });
    if (count > 0) return "complete";
  }
  return "unannotated";
}

/** A video's name: its dive's and its start, as ROV video files are named. */
export function demoVideoName(dive: DemoDivePlan, offsetMillis: number): string {
  const start = new Date(Date.parse(dive.start) + offsetMillis).toISOString();
  return `${dive.name} ${start.slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/**
 * Registers every video file of the dive (sequence, videos and references are created as
 * needed; a known URI answers the existing record) and returns, per video, the UUID of the
 * reference the annotations go on.
 */
export async function registerDive(
  client: PlatformClient,
  dive: DemoDivePlan,
  clipUrl: string,
): Promise<string[]> {
  const annotated: string[] = [];
  for (const video of dive.videos) {
    const videoName = demoVideoName(dive, video.offsetMillis);
    for (const reference of video.references) {
      const media = await client.json<MediaJson>(CREATE_MEDIA, {
        json: {
          video_sequence_name: dive.name,
          camera_id: dive.cameraId,
          video_name: videoName,
          uri: referenceUri(reference, clipUrl),
          start_timestamp: new Date(Date.parse(dive.start) + video.offsetMillis).toISOString(),
          duration_millis: video.durationMillis,
          container: reference.container,
          video_codec: reference.videoCodec,
          width: reference.width,
          height: reference.height,
          frame_rate: reference.frameRate,
          video_sequence_description: `${dive.cameraId} dive, chief scientist ${dive.chiefScientist} (m3 demo data)`,
          description:
            reference.uri === CLIP_URI
              ? "A generated test pattern standing in for the dive's video"
              : undefined,
        },
      });
      if (reference.annotated) annotated.push(media.video_reference_uuid);
    }
  }
  return annotated;
}

/**
 * Grabs the clip's demo frames through the capture service and files each with the upload
 * service (which replaces an image of the same names, so a repeated run stores nothing twice).
 * Returns the image reference of each frame, by elapsed time.
 */
export async function storeClipFrames(
  client: PlatformClient,
  dive: DemoDivePlan,
  clip: { url: string; captureApiKey: string },
): Promise<Map<number, ImageReferenceJson>> {
  const stored = await Promise.all(
    DEMO_FRAME_MILLIS.map(async (elapsedMillis) => {
      const frame = await client.bytes(CAPTURE_JPEG, {
        headers: { "x-api-key": clip.captureApiKey },
        json: { videoUrl: clip.url, elapsedTimeMillis: elapsedMillis },
      });
      const name = `${DEMO_CLIP.fileName.replace(/\.mp4$/, "")}_${String(elapsedMillis).padStart(6, "0")}ms.jpg`;
      const form = new FormData();
      form.append("file", new Blob([frame.body], { type: "image/jpeg" }), name);
      const image = await client.json<{ uri: string }>(UPLOAD_IMAGE, {
        params: { camera_id: dive.cameraId, deployment_id: dive.name, name },
        form,
      });
      const reference: ImageReferenceJson = {
        url: image.uri,
        format: "image/jpeg",
        width_pixels: DEMO_CLIP.width,
        height_pixels: DEMO_CLIP.height,
        description: `frame grab of the demo clip at ${elapsedMillis / 1000} s`,
      };
      return [elapsedMillis, reference] as const;
    }),
  );
  return new Map(stored);
}
