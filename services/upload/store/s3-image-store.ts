import type { Client } from "minio";
import type { S3StoreSettings } from "../config.js";
import type { ImageStore, PutImageOptions, StoredImage } from "./image-store.js";
import { s3ClientFor } from "./s3-client.js";

/** The smallest part S3 accepts (but for the last): what one upload holds in memory at most. */
export const DEFAULT_PART_BYTES = 5 * 1024 * 1024;

/**
 * Images as objects of one bucket of an S3 server (MinIO in production) through the minio
 * client. The bytes are cut into parts as they arrive: an image that fits in one part is sent
 * with one PUT, a larger one as a multipart upload that is completed only at the end (and
 * aborted on failure), so memory stays at one part per upload and a failed upload leaves the
 * previous object in place.
 */
export class S3ImageStore implements ImageStore {
  constructor(
    private readonly client: Client,
    private readonly bucket: string,
    private readonly partBytes = DEFAULT_PART_BYTES,
  ) {}

  /** Connects and creates the bucket when it does not exist yet. */
  static async open(settings: S3StoreSettings, partBytes = DEFAULT_PART_BYTES): Promise<S3ImageStore> {
    const client = s3ClientFor(settings);
    if (!(await client.bucketExists(settings.bucket))) {
      await client.makeBucket(settings.bucket, settings.region).catch(async (error: unknown) => {
        // Another replica may have created it in the meantime.
        if (!(await client.bucketExists(settings.bucket))) throw error;
      });
    }
    return new S3ImageStore(client, settings.bucket, partBytes);
  }

  async put(
    key: string,
    bytes: AsyncIterable<Uint8Array>,
    options: PutImageOptions = {},
  ): Promise<StoredImage> {
    const { contentType } = options;
    const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
    const parts = partsOf(bytes, this.partBytes)[Symbol.asyncIterator]();
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    let sizeBytes = firstPart.length;
    if (second.done) {
      await this.client.putObject(this.bucket, key, firstPart, sizeBytes, headers);
    } else {
      sizeBytes = await this.putMultipart(key, headers, [firstPart, second.value], parts);
    }
    return contentType ? { sizeBytes, contentType } : { sizeBytes };
  }

  /** Sends the parts already read, then the rest; completes at the end, aborts on any failure. */
  private async putMultipart(
    key: string,
    headers: Record<string, string>,
    firstParts: Buffer[],
    rest: AsyncIterator<Buffer>,
  ): Promise<number> {
    const uploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
    try {
      let sizeBytes = 0;
      const etags: { part: number; etag: string }[] = [];
      const send = async (payload: Buffer) => {
        const part = etags.length + 1;
        const sent = await this.client.uploadPart(
          { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
          payload,
        );
        etags.push({ part, etag: sent.etag });
        sizeBytes += payload.length;
      };
      for (const part of firstParts) await send(part);
      for (let next = await rest.next(); !next.done; next = await rest.next()) await send(next.value);
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, etags);
      return sizeBytes;
    } catch (error) {
      // Best effort: an upload left open only costs storage until the bucket's lifecycle rule clears it.
      await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredImage | undefined> {
    try {
      const found = await this.client.statObject(this.bucket, key);
      const contentType = found.metaData["content-type"] as string | undefined;
      return contentType ? { sizeBytes: found.size, contentType } : { sizeBytes: found.size };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NotFound" || code === "NoSuchKey") return undefined;
      throw error;
    }
  }
}

/** Regroups a byte stream into buffers of at least partBytes (the last one may be smaller). */
async function* partsOf(bytes: AsyncIterable<Uint8Array>, partBytes: number): AsyncGenerator<Buffer> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for await (const chunk of bytes) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= partBytes) {
      yield Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
