import type { Client } from "minio";
import type { S3StoreSettings } from "../../services/upload/config.js";
import { s3ClientFor } from "../../services/upload/store/s3-client.js";

/**
 * Part size of streamed archive uploads. The archive's size is unknown while it is written, and
 * without this the client would size parts for its largest object (over 500 MB each, held in
 * memory); 16 MiB parts keep memory flat and still allow archives of up to 160 GB.
 */
const ARCHIVE_PART_BYTES = 16 * 1024 * 1024;

/** A minio client for the archives' S3 endpoint, streaming in ARCHIVE_PART_BYTES parts. */
export function s3Client(settings: Omit<S3StoreSettings, "kind" | "bucket">): Client {
  return s3ClientFor(settings, { partSize: ARCHIVE_PART_BYTES });
}
