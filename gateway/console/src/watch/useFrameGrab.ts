import { ref } from "vue";
import { type AnnotationSchemas, anno, dataOf, vam } from "../api/client";
import { send } from "../api/http";
import { archiveNamesOf, GRAB_DESCRIPTION, GRAB_FORMAT, type GrabbedMoment } from "./frame-grab-model";

/** An image reference made from a frame grab: the image's URL and its size in pixels. */
export interface GrabbedImage {
  uuid: string;
  url: string;
  width: number;
  height: number;
}

/** POST a request to a gateway path through the console's one sender (the user's token, clear errors). */
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  send(new Request(new URL(path, location.origin), { method: "POST", headers, body }));

/**
 * Grabbing an annotation's frame into the image archive and attaching it to its imaged moment,
 * as the VARS app's frame grab does, through three routes the signed-in user's token opens:
 * capture grabs the frame of the video file at the moment's elapsed time (`POST
 * /capture/capture/png`), upload archives it under the video's camera and dive (`POST
 * /panoptes/v1/images/{camera}/{deployment}/{name}`), and the annotation service records it as an
 * image reference of the moment with its URL, format and size (`POST /anno/v1/images`, found by
 * the moment's indices, one transaction). A moment already holding the archived URL keeps its
 * image reference; nothing is attached when a step fails.
 */
export function useFrameGrab(shown: (annotation: AnnotationSchemas["m3.annotation.v1.Annotation"]) => void) {
  const grabbing = ref(false);
  /** What the last grab of the button or key did, or why it failed. */
  const outcome = ref<{ grabbed?: GrabbedImage; error?: string }>({});

  async function grab(observationUuid: string): Promise<GrabbedImage> {
    grabbing.value = true;
    try {
      return await grabFor(observationUuid);
    } finally {
      grabbing.value = false;
    }
  }
  /** The frame of an annotation grabbed and attached, then the annotation read back to show its image. */
  async function grabAndShow(observationUuid: string): Promise<void> {
    if (grabbing.value) return;
    outcome.value = {};
    try {
      const grabbed = await grab(observationUuid);
      outcome.value = { grabbed };
      shown(
        await dataOf(
          anno.GET("/v1/annotations/{observation_uuid}", {
            params: { path: { observation_uuid: observationUuid } },
          }),
        ),
      );
    } catch (failure) {
      outcome.value = { error: (failure as Error).message };
    }
  }
  return { grabbing, outcome, grab, grabAndShow };
}

async function grabFor(observationUuid: string): Promise<GrabbedImage> {
  const annotation = await dataOf(
    anno.GET("/v1/annotations/{observation_uuid}", {
      params: { path: { observation_uuid: observationUuid } },
    }),
  );
  const moment: GrabbedMoment = {
    videoReferenceUuid: annotation.video_reference_uuid ?? "",
    elapsedTimeMillis: annotation.elapsed_time_millis,
    timecode: annotation.timecode,
    recordedTimestamp: annotation.recorded_timestamp,
  };
  if (moment.elapsedTimeMillis === undefined)
    throw new Error(`The moment of ${annotation.concept} has no elapsed time to grab its frame at.`);
  const media = await dataOf(
    vam.GET("/v1/media/videoreference/{video_reference_uuid}", {
      params: { path: { video_reference_uuid: moment.videoReferenceUuid } },
    }),
  );
  const frame = await (
    await post(
      "/capture/capture/png",
      JSON.stringify({ videoUrl: media.uri, elapsedTimeMillis: moment.elapsedTimeMillis }),
      { "Content-Type": "application/json" },
    )
  ).blob();
  const size = await createImageBitmap(frame);
  const { width, height } = size;
  size.close();

  const names = archiveNamesOf(moment, {
    cameraId: media.camera_id,
    videoSequenceName: media.video_sequence_name ?? "",
  });
  const form = new FormData();
  form.append("file", new File([frame], names.name, { type: GRAB_FORMAT.mediaType }));
  const path = [names.cameraId, names.deploymentId, names.name].map(encodeURIComponent).join("/");
  const { uri } = (await (await post(`/panoptes/v1/images/${path}`, form)).json()) as { uri: string };

  const held = annotation.image_references?.find((image) => image.url === uri);
  if (held?.uuid) return { uuid: held.uuid, url: uri, width, height };
  const image = await dataOf(
    anno.POST("/v1/images", {
      body: {
        video_reference_uuid: moment.videoReferenceUuid,
        ...(moment.timecode === undefined
          ? { elapsed_time_millis: moment.elapsedTimeMillis, recorded_timestamp: moment.recordedTimestamp }
          : { timecode: moment.timecode }),
        url: uri,
        format: GRAB_FORMAT.mediaType,
        width_pixels: width,
        height_pixels: height,
        description: GRAB_DESCRIPTION,
      },
    }),
  );
  const uuid = image.image_reference_uuid ?? "";
  // Two moments at the same index (older data has them): the image goes to the annotation's.
  if (image.imaged_moment_uuid !== annotation.imaged_moment_uuid)
    await anno.PUT("/v1/imagereferences/{uuid}", {
      params: { path: { uuid } },
      body: { imaged_moment_uuid: annotation.imaged_moment_uuid },
    });
  return { uuid, url: uri, width, height };
}
