import type { Client } from "minio";
import type { S3StoreSettings } from "../../../services/upload/config.js";
import { s3ClientFor } from "../../../services/upload/store/s3-client.js";

/** A minio client for the archives' S3 endpoint (uploads go through S3ArchiveUpload). */
export function s3Client(settings: Omit<S3StoreSettings, "kind" | "bucket">): Client {
  return s3ClientFor(settings);
}
