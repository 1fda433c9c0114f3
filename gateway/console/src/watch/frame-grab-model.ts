/**
 * Grabbing a frame into the image archive, free of Vue and the DOM: the names an image is filed
 * under (as the VARS annotation app files its frame grabs) and how a box drawn on the video's
 * frame maps to the pixels of the image grabbed from it.
 */
import type { Rect } from "./box-model.js";

/** The moment a frame is grabbed at, by its indices, and the video file it is grabbed from. */
export interface GrabbedMoment {
  videoReferenceUuid: string;
  elapsedTimeMillis?: number;
  timecode?: string;
  recordedTimestamp?: string;
}

/** The three names of the upload route (`/panoptes/v1/images/{camera_id}/{deployment_id}/{name}`). */
export interface ArchiveNames {
  cameraId: string;
  deploymentId: string;
  name: string;
}

/** The format of every frame grabbed: lossless, so a box's pixels are the video's. */
export const GRAB_FORMAT = { extension: "png", mediaType: "image/png" } as const;
/** An image reference's description, as the VARS app describes its PNG frame grabs. */
export const GRAB_DESCRIPTION = "uncompressed image";

/**
 * The deployment of a dive: its name from the camera's name on ("Ventana 4101" of "Demo Ventana
 * 4101"), as VARS derives it, else the whole name.
 */
export function deploymentOf(cameraId: string, videoSequenceName: string): string {
  const at = cameraId === "" ? -1 : videoSequenceName.indexOf(cameraId);
  return at > 0 ? videoSequenceName.slice(at) : videoSequenceName;
}

/** `uuuuMMddTHHmmssZ` of an ISO timestamp, the VARS app's time in names. */
function compactTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/**
 * Where a frame grab is archived: the video's camera (else its dive), the dive's deployment,
 * and a name of the moment's index (its timecode, else elapsed milliseconds, else recorded
 * time) and the video file, `<index>--<video reference uuid>.png`, as VARS names grabs.
 */
export function archiveNamesOf(
  moment: GrabbedMoment,
  video: { cameraId?: string; videoSequenceName: string },
): ArchiveNames {
  const cameraId = video.cameraId?.trim() || video.videoSequenceName;
  const index =
    moment.timecode?.replaceAll(":", "_") ??
    (moment.elapsedTimeMillis !== undefined
      ? String(Math.round(moment.elapsedTimeMillis))
      : compactTime(moment.recordedTimestamp ?? new Date().toISOString()));
  return {
    cameraId,
    deploymentId: deploymentOf(cameraId, video.videoSequenceName),
    name: `${index}--${moment.videoReferenceUuid}.${GRAB_FORMAT.extension}`,
  };
}

/** A box drawn on the frame as shown (`frame` pixels) in the pixels of an image of another size, kept inside it. */
export function rectInImage(
  rect: Rect,
  frame: { width: number; height: number },
  image: { width: number; height: number },
): Rect {
  if (frame.width === image.width && frame.height === image.height) return rect;
  const sx = image.width / frame.width;
  const sy = image.height / frame.height;
  const left = Math.max(0, Math.round(rect.x * sx));
  const top = Math.max(0, Math.round(rect.y * sy));
  const right = Math.min(image.width, Math.round((rect.x + rect.width) * sx));
  const bottom = Math.min(image.height, Math.round((rect.y + rect.height) * sy));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
