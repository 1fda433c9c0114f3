import { DomainError } from "../../kit/errors/domain-error.js";

/** The three names an image is filed under, as the client gave them (URL-decoded). */
export interface ImageNames {
  cameraId: string;
  deploymentId: string;
  name: string;
}

const MAX_NAME_BYTES = 255;
/**
 * Letters, digits and marks of any script, spaces and punctuation that is safe in a file name,
 * an S3 key and a URL path. Excluded: separators (/ \), controls, and characters with a meaning
 * in URLs or shells (? # % * " < > |).
 */
const SAFE_NAME = /^[\p{L}\p{M}\p{N} _.,:;+=@()[\]{}~'!&$^-]+$/u;
const FIELDS = { cameraId: "camera_id", deploymentId: "deployment_id", name: "name" } as const;

/** Throws INVALID_ARGUMENT naming the field unless each name is one safe path segment. */
export function checkImageNames(names: ImageNames): ImageNames {
  for (const key of Object.keys(FIELDS) as (keyof ImageNames)[]) {
    checkSegment(names[key], FIELDS[key]);
  }
  if (names.name.startsWith(".")) {
    throw invalidName(FIELDS.name, "name must not start with a dot");
  }
  return names;
}

function checkSegment(value: string, field: string): void {
  if (value.trim() === "")
    throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  if (value !== value.trim()) throw invalidName(field, `${field} must not start or end with a space`);
  if (value === "." || value === "..") throw invalidName(field, `${field} must not be "." or ".."`);
  if (Buffer.byteLength(value, "utf8") > MAX_NAME_BYTES) {
    throw invalidName(field, `${field} must be at most ${MAX_NAME_BYTES} bytes long`);
  }
  if (!SAFE_NAME.test(value)) {
    throw invalidName(
      field,
      `${field} may hold only letters, digits, spaces and _ . , : ; + = @ ( ) [ ] { } ~ ' ! & $ ^ -`,
    );
  }
}

function invalidName(field: string, message: string): DomainError {
  return DomainError.invalidArgument("INVALID_IMAGE_NAME", message, { field });
}

/**
 * The legacy (OldStyleMbariDiskArchiver) layout: `<camera>/images/<dive>/<name>`, where the dive
 * is the last space-separated word of the deployment zero-padded to 4 digits when it is a number
 * ("Doc Ricketts 2309" -> "2309", "Ventana 34" -> "0034"), else the whole deployment.
 */
export function imageKey(names: ImageNames): string {
  return `${names.cameraId}/images/${diveOf(names.deploymentId)}/${names.name}`;
}

export function diveOf(deploymentId: string): string {
  const last = deploymentId.trim().split(/\s+/).at(-1) ?? "";
  if (!/^[+-]?\d+$/.test(last)) return deploymentId;
  const number = Number.parseInt(last, 10);
  // The legacy parsed a Java int: anything larger is not a dive number.
  if (number > 2 ** 31 - 1 || number < -(2 ** 31)) return deploymentId;
  return number < 0 ? `-${String(-number).padStart(3, "0")}` : String(number).padStart(4, "0");
}

/** The public URL of a key: the base, then each path segment percent-encoded (a space as %20, as before). */
export function imageUri(publicUrl: string, key: string): string {
  return `${publicUrl}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
};

/**
 * The media type stored with an image (what an S3 server later serves it as): the declared
 * one when it is an image type, else the one its name's extension implies, else none.
 */
export function imageContentType(name: string, declared: string | undefined): string | undefined {
  if (declared && /^image\/[\w.+-]+$/i.test(declared.trim())) return declared.trim().toLowerCase();
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  return TYPES_BY_EXTENSION[extension];
}
