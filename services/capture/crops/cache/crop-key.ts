import { createHash } from "node:crypto";

/** What identifies a cached crop: the source as named, the frame's time and the region. */
export interface CropKey {
  /** SHA-256 (hex) of the key's text: the file name, so no URL can steer a path. */
  digest: string;
}

/** The key of a crop of `url` (at `elapsedMillis` for a video, else 0) over [left, right) × [top, bottom). */
export function cropKey(
  url: string,
  elapsedMillis: number,
  region: { left: number; top: number; right: number; bottom: number },
): CropKey {
  const text = `${url}|${elapsedMillis}|${region.left}|${region.top}|${region.right}|${region.bottom}`;
  return { digest: createHash("sha256").update(text).digest("hex") };
}

export function cropFileName(key: CropKey): string {
  return `${key.digest}.png`;
}

const CROP_FILE = /^([0-9a-f]{64})\.png$/;

/** The digest a crop file is named by; undefined for any other name (partial files, strays). */
export function parseCropFileName(name: string): string | undefined {
  return CROP_FILE.exec(name)?.[1];
}
