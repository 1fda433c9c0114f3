import { DomainError } from "../../../kit/errors/domain-error.js";

/** A crop as the handlers pass it on: skimmer's query. */
export interface CropInput {
  url?: string;
  left?: number;
  top?: number;
  right?: number;
  bottom?: number;
  ms?: number;
}

/** A region in whole pixels: left and top inclusive, right and bottom exclusive. */
export interface CropRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A checked crop. */
export interface CropOrder {
  /** The URL as given, trimmed (the cache key and what the source is read from). */
  url: string;
  region: CropRegion;
  /** The frame's time for a video; 0 for an image. */
  elapsedMillis: number;
}

/** About 100 days, as capture allows. */
const MAX_ELAPSED_MILLIS = 8_640_000_000;
const EDGES = ["left", "top", "right", "bottom"] as const;

/**
 * skimmer's rules: a URL with a scheme and (but for file URLs, which name a path) a host, four
 * whole-pixel edges with left < right and top < bottom. Whether the region fits the image is
 * known only once the image is read (regionOutside).
 */
export function toCropOrder(input: CropInput): CropOrder {
  const url = checkUrl(input.url);
  for (const edge of EDGES) {
    const value = input[edge];
    if (value === undefined) {
      throw DomainError.invalidArgument("MISSING_FIELD", `${edge} is required`, { field: edge });
    }
    if (!Number.isSafeInteger(value) || value < 0) {
      throw DomainError.invalidArgument("INVALID_FIELD", `${edge} must be a whole number of pixels from 0`, {
        field: edge,
      });
    }
  }
  const region = input as CropRegion;
  if (region.left >= region.right) {
    throw DomainError.invalidArgument("INVALID_REGION", "left must be less than right", { field: "left" });
  }
  if (region.top >= region.bottom) {
    throw DomainError.invalidArgument("INVALID_REGION", "top must be less than bottom", { field: "top" });
  }
  const elapsedMillis = input.ms ?? 0;
  if (!Number.isSafeInteger(elapsedMillis) || elapsedMillis < 0 || elapsedMillis > MAX_ELAPSED_MILLIS) {
    throw DomainError.invalidArgument(
      "INVALID_FIELD",
      `ms must be an integer from 0 to ${MAX_ELAPSED_MILLIS}`,
      {
        field: "ms",
      },
    );
  }
  const { left, top, right, bottom } = region;
  return { url, region: { left, top, right, bottom }, elapsedMillis };
}

/** The 400 for a region that does not lie inside a width × height image, or undefined when it does. */
export function regionOutside(region: CropRegion, width: number, height: number): DomainError | undefined {
  if (region.right <= width && region.bottom <= height) return undefined;
  return DomainError.invalidArgument(
    "REGION_OUTSIDE_IMAGE",
    `The region [${region.left}, ${region.right}) x [${region.top}, ${region.bottom}) is outside the ${width}x${height} image`,
  );
}

/** `scheme://authority…`, read on the text as given (a URL parser would mend `http:///x` into a host). */
const SCHEME_AND_AUTHORITY = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i;

function checkUrl(text: string | undefined): string {
  const url = (text ?? "").trim();
  if (url === "") throw DomainError.invalidArgument("MISSING_FIELD", "url is required", { field: "url" });
  const [, scheme = "", authority = ""] = SCHEME_AND_AUTHORITY.exec(url) ?? [];
  const fileUrl = scheme.toLowerCase() === "file";
  if (scheme === "" || (!fileUrl && authority === "") || !URL.canParse(url)) {
    throw DomainError.invalidArgument(
      "INVALID_URL",
      `Invalid URL: ${url} (a URL needs a scheme and a host)`,
      {
        field: "url",
      },
    );
  }
  return url;
}
