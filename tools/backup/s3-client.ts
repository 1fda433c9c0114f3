import { Client } from "minio";
import type { S3StoreSettings } from "../../services/upload/config.js";

/**
 * Part size of streamed archive uploads. The archive's size is unknown while it is written, and
 * without this the client would size parts for its largest object (over 500 MB each, held in
 * memory); 16 MiB parts keep memory flat and still allow archives of up to 160 GB.
 */
const ARCHIVE_PART_BYTES = 16 * 1024 * 1024;

/** A minio client for an S3 endpoint (path-style, as the upload service connects). */
export function s3Client(settings: Omit<S3StoreSettings, "kind" | "bucket">): Client {
  const { endpoint } = settings;
  const useSSL = endpoint.protocol === "https:";
  return new Client({
    endPoint: endpoint.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: endpoint.port === "" ? (useSSL ? 443 : 80) : Number(endpoint.port),
    useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    region: settings.region,
    pathStyle: true,
    partSize: ARCHIVE_PART_BYTES,
  });
}
