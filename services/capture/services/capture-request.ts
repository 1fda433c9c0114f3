import { DomainError, requireText } from "../../kit/errors/domain-error.js";
import type { ImageType } from "../cache/frame-key.js";

/** A capture as the handlers pass it on: the legacy CaptureRequest body plus the query flags. */
export interface CaptureInput {
  videoUrl: string | undefined;
  elapsedTimeMillis: number | undefined;
  /** "jpg", "jpeg" or "png"; empty = jpg. Ignored when forcedImageType is set. */
  imageType: string | undefined;
  deinterlace: boolean | undefined;
  accurate: boolean | undefined;
  nokey: boolean | undefined;
  /** Set by /capture/jpg and /capture/png. */
  forcedImageType?: ImageType;
}

/** A checked capture, defaults applied. */
export interface CaptureOrder {
  videoUrl: string;
  elapsedMillis: number;
  imageType: ImageType;
  /** Asked for and allowed: nokey turns it off. */
  deinterlace: boolean;
  accurate: boolean;
  nokey: boolean;
}

/** About 100 days: beyond any recording, and keeps the arithmetic exact. */
const MAX_ELAPSED_MILLIS = 8_640_000_000;

export function toCaptureOrder(input: CaptureInput): CaptureOrder {
  const videoUrl = requireText(input.videoUrl, "videoUrl").trim();
  const elapsed = input.elapsedTimeMillis;
  if (elapsed === undefined) {
    throw DomainError.invalidArgument("MISSING_FIELD", "elapsedTimeMillis is required", {
      field: "elapsedTimeMillis",
    });
  }
  if (!Number.isSafeInteger(elapsed) || elapsed < 0 || elapsed > MAX_ELAPSED_MILLIS) {
    throw DomainError.invalidArgument(
      "INVALID_FIELD",
      `elapsedTimeMillis must be an integer from 0 to ${MAX_ELAPSED_MILLIS}`,
      { field: "elapsedTimeMillis" },
    );
  }
  const nokey = input.nokey ?? false;
  return {
    videoUrl,
    elapsedMillis: elapsed,
    imageType: input.forcedImageType ?? imageTypeOf(input.imageType),
    deinterlace: (input.deinterlace ?? false) && !nokey,
    accurate: input.accurate ?? true,
    nokey,
  };
}

function imageTypeOf(text: string | undefined): ImageType {
  const name = (text ?? "").trim().toLowerCase();
  if (name === "" || name === "jpg" || name === "jpeg") return "jpg";
  if (name === "png") return "png";
  throw DomainError.invalidArgument("INVALID_FIELD", `imageType must be jpg, jpeg or png, got "${text}"`, {
    field: "imageType",
  });
}

/** An elapsed time as the legacy messages printed it (java.time.Duration): PT1M2.345S. */
export function isoDuration(elapsedMillis: number): string {
  const hours = Math.floor(elapsedMillis / 3_600_000);
  const minutes = Math.floor(elapsedMillis / 60_000) % 60;
  const millis = elapsedMillis % 60_000;
  const seconds = millis === 0 ? "" : `${(millis / 1000).toFixed(3).replace(/\.?0+$/, "")}S`;
  const text = `${hours > 0 ? `${hours}H` : ""}${minutes > 0 ? `${minutes}M` : ""}${seconds}`;
  return `PT${text === "" ? "0S" : text}`;
}
