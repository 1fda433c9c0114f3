/**
 * File extensions of videos (lower case, without the dot): a crop of such a URL is taken from
 * the video's frame at `ms` through frame capture. skimmer decided by the MIME type its platform
 * guessed from the name; these are the video types among those, plus the containers MBARI's
 * archives hold (mxf, m2ts).
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

/** Whether the URL's path ends in a video's extension (the query and fragment are not looked at). */
export function namesVideoByExtension(url: string): boolean {
  const path = new URL(url).pathname.toLowerCase();
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") && VIDEO_EXTENSIONS.has(path.slice(dot + 1));
}
