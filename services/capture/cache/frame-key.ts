import { createHash } from "node:crypto";

export type ImageType = "jpg" | "png";

/** What identifies a cached frame. `accurate` and `nokey` are not part of it: the first capture wins. */
export interface FrameKey {
  /** The normalised video URL. */
  videoUrl: string;
  elapsedMillis: number;
  imageType: ImageType;
  /** Whether the frame was actually deinterlaced (not merely asked to be). */
  deinterlaced: boolean;
}

export function keyText(key: FrameKey): string {
  return `${key.imageType}|${key.deinterlaced ? "d" : "p"}|${key.elapsedMillis}|${key.videoUrl}`;
}

/**
 * The folder of a video's frames below the cache root: two levels named by the SHA-256 of
 * its URL. Only hex digits, so no URL can steer a path outside the root or collide with
 * another URL (the legacy host/path layout dropped scheme, port and query).
 */
export function videoFolder(videoUrl: string): [string, string] {
  const digest = createHash("sha256").update(videoUrl).digest("hex");
  return [digest.slice(0, 2), digest];
}

/** `01_02_03.456.jpg` or `01_02_03.456_deinterlaced.png`, as the legacy cache named frames. */
export function frameFileName(key: Omit<FrameKey, "videoUrl">): string {
  const millis = key.elapsedMillis % 1000;
  const totalSeconds = Math.floor(key.elapsedMillis / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const seconds = totalSeconds % 60;
  const time = `${pad(hours, 2)}_${pad(minutes, 2)}_${pad(seconds, 2)}.${pad(millis, 3)}`;
  return `${time}${key.deinterlaced ? "_deinterlaced" : ""}.${key.imageType}`;
}

const FRAME_FILE = /^(\d{2,})_([0-5]\d)_([0-5]\d)\.(\d{3})(_deinterlaced)?\.(jpg|png)$/;

/** The inverse of frameFileName; undefined for any other name (partial files, strays). */
export function parseFrameFileName(name: string): Omit<FrameKey, "videoUrl"> | undefined {
  const match = FRAME_FILE.exec(name);
  if (!match) return undefined;
  const [, hours, minutes, seconds, millis, deinterlaced, imageType] = match;
  const elapsedMillis =
    ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
  if (!Number.isSafeInteger(elapsedMillis)) return undefined;
  return { elapsedMillis, deinterlaced: deinterlaced !== undefined, imageType: imageType as ImageType };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
