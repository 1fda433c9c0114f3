import { resolve } from "node:path";
import { type Env, readFirst } from "../../../services/kit/config/env-reader.js";
import { type DatabaseTarget, domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import {
  DEFAULT_REGION,
  type ImageStoreSettings,
  readUploadSettings,
} from "../../../services/upload/config.js";
import type { ArchiveLocation } from "./archive-store.repository.js";
import { ARCHIVED_DOMAINS, type DatabaseDomain } from "./backup-tables.js";

/** An S3 endpoint for archives (s3:// inputs and outputs). */
export interface ArchiveS3Settings {
  endpoint: URL;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** Where a platform keeps its data, read as `npm start` and the domain processes read it. */
export interface PlatformSettings {
  databases: Record<DatabaseDomain, DatabaseTarget>;
  images: ImageStoreSettings;
  archiveS3?: ArchiveS3Settings;
}

/**
 * M3_<DOMAIN>_DATABASE_URL, else M3_DATABASE_URL, else the domain's SQLite file under
 * M3_DATA_DIR (default ./data); `databaseUrl` (the commands' --database-url) overrides them
 * all. The image store is the upload service's (M3_UPLOAD_S3_* or M3_UPLOAD_DIR); archives on
 * S3 use M3_BACKUP_S3_ENDPOINT, _ACCESS_KEY, _SECRET_KEY and _REGION, each defaulting to the
 * upload service's M3_UPLOAD_S3_* value, so one MinIO serves both.
 */
export function readPlatformSettings(env: Env, options: { databaseUrl?: string } = {}): PlatformSettings {
  const dataDir = resolve(env.M3_DATA_DIR || "./data");
  const databases = {} as Record<DatabaseDomain, DatabaseTarget>;
  for (const { name } of ARCHIVED_DOMAINS) {
    const url =
      options.databaseUrl ?? readFirst(env, [`M3_${name.toUpperCase()}_DATABASE_URL`, "M3_DATABASE_URL"]);
    databases[name] = domainDatabaseTarget(url, dataDir, name);
  }
  return { databases, images: readUploadSettings(env, dataDir).store, archiveS3: readArchiveS3(env) };
}

function readArchiveS3(env: Env): ArchiveS3Settings | undefined {
  const endpoint = readFirst(env, ["M3_BACKUP_S3_ENDPOINT", "M3_UPLOAD_S3_ENDPOINT"]);
  if (endpoint === undefined) return undefined;
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
    throw new Error(
      `the archives' S3 endpoint must be an http(s) URL such as http://minio:9000, got "${endpoint}"`,
    );
  }
  const required = (names: string[]) => {
    const value = readFirst(env, names);
    if (value === undefined) throw new Error(`${names.join(" or ")} is required for s3:// archives`);
    return value;
  };
  return {
    endpoint: new URL(endpoint),
    accessKey: required(["M3_BACKUP_S3_ACCESS_KEY", "M3_UPLOAD_S3_ACCESS_KEY"]),
    secretKey: required(["M3_BACKUP_S3_SECRET_KEY", "M3_UPLOAD_S3_SECRET_KEY"]),
    region: readFirst(env, ["M3_BACKUP_S3_REGION", "M3_UPLOAD_S3_REGION"], DEFAULT_REGION),
  };
}

/**
 * `s3://bucket/key` or a file path. A location ending in `/` is a folder (or key prefix) that
 * backup names its archive in, and whose older archives retention deletes.
 */
export function parseArchiveLocation(text: string): { location: ArchiveLocation; folder: boolean } {
  const folder = text.endsWith("/");
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(text);
  if (!s3) return { location: { kind: "file", path: resolve(text) }, folder };
  const [, bucket = "", key = ""] = s3;
  if (!folder && key === "")
    throw new Error(`${text} names no object: use s3://bucket/key or s3://bucket/prefix/`);
  return { location: { kind: "s3", bucket, key }, folder };
}
