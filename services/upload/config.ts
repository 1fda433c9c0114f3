import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readFirst, readInt, readString } from "../kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS } from "../kit/domain/default-ports.js";
import type { Env } from "../kit/domain/domain-module.js";

export const UPLOAD_DEFAULT_GRPC_PORT = DOMAIN_GRPC_PORTS.upload;
/** The legacy PANOPTES_MAX_SIZE_MB default (50), in bytes. */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_BUCKET = "m3-images";
export const DEFAULT_REGION = "us-east-1";

/** S3-compatible object storage (MinIO in production) through the minio client. */
export interface S3StoreSettings {
  kind: "s3";
  endpoint: URL;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** Files in a local folder: the embedded default. */
export interface DiskStoreSettings {
  kind: "disk";
  directory: string;
}

export type ImageStoreSettings = S3StoreSettings | DiskStoreSettings;

/** The upload service's own settings; the common ones (port, secrets) come from readDomainConfig. */
export interface UploadSettings {
  store: ImageStoreSettings;
  /** Base of the returned image URLs, without a trailing slash. */
  publicUrl: string;
  /** Largest image accepted, in bytes. */
  maxBytes: number;
}

/**
 * M3_UPLOAD_S3_ENDPOINT selects S3 (then the access and secret keys are required); without it
 * images are files under M3_UPLOAD_DIR (default <dataDir>/upload). M3_UPLOAD_PUBLIC_URL is what
 * clients prefix to the image path: by default the bucket's path-style URL for S3, and a
 * file: URL of the folder on disk (what the legacy service returned by default).
 */
export function readUploadSettings(env: Env, dataDir: string): UploadSettings {
  const store = readStoreSettings(env, dataDir);
  const publicUrl = readFirst(env, ["M3_UPLOAD_PUBLIC_URL"], defaultPublicUrl(store));
  if (!URL.canParse(publicUrl)) {
    throw new Error(`M3_UPLOAD_PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  return {
    store,
    publicUrl: publicUrl.replace(/\/+$/, ""),
    maxBytes: readInt(env, "M3_UPLOAD_MAX_BYTES", DEFAULT_MAX_BYTES, { min: 1, max: 5 * 1024 ** 3 }),
  };
}

function readStoreSettings(env: Env, dataDir: string): ImageStoreSettings {
  const endpoint = readFirst(env, ["M3_UPLOAD_S3_ENDPOINT"]);
  if (endpoint === undefined) {
    return { kind: "disk", directory: resolve(readFirst(env, ["M3_UPLOAD_DIR"], join(dataDir, "upload"))) };
  }
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new Error(
      `M3_UPLOAD_S3_ENDPOINT must be an http(s) URL such as http://minio:9000, got "${endpoint}"`,
    );
  }
  const bucket = readString(env, "M3_UPLOAD_S3_BUCKET", DEFAULT_BUCKET);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      `M3_UPLOAD_S3_BUCKET must be a valid S3 bucket name (3-63 of a-z 0-9 . -), got "${bucket}"`,
    );
  }
  return {
    kind: "s3",
    endpoint: url,
    accessKey: readString(env, "M3_UPLOAD_S3_ACCESS_KEY"),
    secretKey: readString(env, "M3_UPLOAD_S3_SECRET_KEY"),
    bucket,
    region: readString(env, "M3_UPLOAD_S3_REGION", DEFAULT_REGION),
  };
}

function defaultPublicUrl(store: ImageStoreSettings): string {
  if (store.kind === "disk") return pathToFileURL(store.directory).href;
  return `${store.endpoint.origin}${store.endpoint.pathname.replace(/\/+$/, "")}/${store.bucket}`;
}

/** The only reader of process.env for the upload service: checked here so a bad value fails at start. */
export function readUploadProcessConfig(processEnv: Env = process.env): Env {
  const env = { ...processEnv };
  readUploadSettings(env, resolve(env.M3_DATA_DIR || "./data"));
  return env;
}
