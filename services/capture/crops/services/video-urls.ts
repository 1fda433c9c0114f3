/**
 * What a crop's URL names, by the extension of its path: a crop of a video is taken from the
 * frame at `ms` through frame capture. skimmer decided by the MIME type its platform guessed from
 * the name; these are the video and image types among those, plus the containers MBARI's archives
 * hold (mxf, m2ts). A URL with neither is looked up in the registry.
 */
const VIDEO_EXTENSIONS = new Set([
  "3gp",
  "avi",
  "flv",
  "m2ts",
  "m4v",
  "mkv",
  "mov",
  "mp4",
  "mpeg",
  "mpg",
  "mts",
  "mxf",
  "ogv",
  "qt",
  "ts",
  "webm",
  "wmv",
]);

const IMAGE_EXTENSIONS = new Set([
  "avif",
  "bmp",
  "gif",
  "heic",
  "heif",
  "jpeg",
  "jpg",
  "png",
  "tif",
  "tiff",
  "webp",
]);

export type UrlKind = "video" | "image" | "unknown";

/** The kind the URL's path names by its extension (the query and fragment are not looked at). */
export function urlKindByExtension(url: string): UrlKind {
  const path = new URL(url).pathname.toLowerCase();
  const dot = path.lastIndexOf(".");
  const extension = dot > path.lastIndexOf("/") ? path.slice(dot + 1) : "";
  if (VIDEO_EXTENSIONS.has(extension)) return "video";
  if (IMAGE_EXTENSIONS.has(extension)) return "image";
  return "unknown";
}
