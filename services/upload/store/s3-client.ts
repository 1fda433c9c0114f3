import { Client } from "minio";
import type { S3StoreSettings } from "../config.js";

/** A minio client for an S3 endpoint, path-style (as MinIO is addressed inside a cluster). */
export function s3ClientFor(
  settings: Pick<S3StoreSettings, "endpoint" | "accessKey" | "secretKey" | "region">,
): Client {
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
  });
}
