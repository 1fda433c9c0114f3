import { DomainError } from "../../../kit/errors/domain-error.js";

/** The filename -> MIME table the legacy service got from the JDK (the common entries). */
const KNOWN_MIME_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  svg: "image/svg+xml",
  webp: "image/webp",
  ico: "image/x-icon",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  qt: "video/quicktime",
  mpg: "video/mpeg",
  mpeg: "video/mpeg",
  avi: "video/x-msvideo",
  webm: "video/webm",
};

const VIDEO_EXTENSIONS = new Set(["mp4", "m4v", "mov", "qt", "mpg", "mpeg", "avi", "webm", "mkv", "ogv"]);
const ICON_EXTENSIONS = new Set(["ico"]);

export const DEFAULT_MIME_TYPE = "application/octet-stream";

/** The lowercased last `.`-extension of the url's path (query and fragment ignored), or "". */
export function urlExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const file = path.slice(path.lastIndexOf("/") + 1);
  const dot = file.lastIndexOf(".");
  return dot < 0 ? "" : file.slice(dot + 1).toLowerCase();
}

/**
 * The MIME type a media record is served with (never stored): the well-known type of the
 * url's extension, else one built from the stored media type and the extension.
 */
export function resolveMimeType(mediaType: string | undefined, url: string): string {
  const extension = urlExtension(url);
  const known = KNOWN_MIME_TYPES[extension];
  if (known) return known;
  if (extension === "") return DEFAULT_MIME_TYPE;
  switch ((mediaType ?? "").toLowerCase()) {
    case "image":
      return `image/${extension}`;
    case "video":
      return `video/${extension}`;
    case "icon":
      return "image/x-icon";
    default:
      return DEFAULT_MIME_TYPE;
  }
}

/** The media type stored when none is given: Video or Icon by extension, otherwise Image. */
export function inferMediaType(url: string): "Image" | "Video" | "Icon" {
  const extension = urlExtension(url);
  if (VIDEO_EXTENSIONS.has(extension)) return "Video";
  if (ICON_EXTENSIONS.has(extension)) return "Icon";
  return "Image";
}

/** The url as clients get it: literal spaces printed as %20. */
export function printableUrl(url: string): string {
  return url.replaceAll(" ", "%20");
}

/** An absolute URL, else INVALID_ARGUMENT naming the field. */
export function requireUrl(url: string | undefined, field = "url"): string {
  const text = url?.trim() ?? "";
  if (text === "") throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  if (!URL.canParse(text)) {
    throw DomainError.invalidArgument("INVALID_URL", `${field} is not a valid URL`, { field });
  }
  return text;
}
