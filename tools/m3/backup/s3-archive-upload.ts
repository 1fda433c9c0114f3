import { Writable } from "node:stream";
import type { Client } from "minio";

/**
 * Part size: an archive's size is unknown while it is written; 16 MiB parts keep memory flat
 * (one part buffered, one being sent) and allow archives of up to 160 GB (10,000 parts).
 */
export const ARCHIVE_PART_BYTES = 16 * 1024 * 1024;
const CONTENT_TYPE = { "Content-Type": "application/gzip" };

/**
 * An archive streamed to an S3 object as a multipart upload, one part per ARCHIVE_PART_BYTES
 * written (a write waits while its part uploads: back-pressure), completed when the stream
 * ends, so the object appears only whole; an archive smaller than a part is one PUT. An upload
 * whose part or completion fails aborts itself; one its writer abandons is aborted by abort().
 * (The minio client's own streamed
 * putObject first lists the bucket's unfinished uploads to resume one; this never resumes.)
 */
export class S3ArchiveUpload extends Writable {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private uploadId: string | undefined;
  private readonly parts: { part: number; etag: string }[] = [];

  constructor(
    private readonly client: Client,
    private readonly bucket: string,
    private readonly key: string,
    private readonly partBytes = ARCHIVE_PART_BYTES,
  ) {
    super();
  }

  /**
   * Drops what was uploaded of an archive that will not be completed. Best effort: it runs
   * after a failure, whose error is the one to report; parts an endpoint failed to drop are
   * left to the bucket's rule for incomplete uploads, and are never listed as an object.
   */
  async abort(): Promise<void> {
    this.destroy();
    await this.abortUpload();
  }

  private async abortUpload(): Promise<void> {
    const uploadId = this.uploadId;
    this.uploadId = undefined;
    if (uploadId)
      await this.client.abortMultipartUpload(this.bucket, this.key, uploadId).catch(() => undefined);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.partBytes) {
      callback();
      return;
    }
    this.abortingOnFailure(this.uploadPart()).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.abortingOnFailure(this.complete()).then(() => callback(), callback);
  }

  /** Whatever failed (a part refused, the connection lost), the parts sent so far are dropped. */
  private async abortingOnFailure(work: Promise<void>): Promise<void> {
    try {
      await work;
    } catch (error) {
      await this.abortUpload();
      throw error;
    }
  }

  private async complete(): Promise<void> {
    if (!this.uploadId) {
      const body = this.take();
      await this.client.putObject(this.bucket, this.key, body, body.length, CONTENT_TYPE);
      return;
    }
    if (this.buffered > 0) await this.uploadPart();
    await this.client.completeMultipartUpload(this.bucket, this.key, this.uploadId, this.parts);
  }

  private async uploadPart(): Promise<void> {
    const body = this.take();
    this.uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, this.key, CONTENT_TYPE);
    const part = this.parts.length + 1;
    const { etag } = await this.client.uploadPart(
      {
        bucketName: this.bucket,
        objectName: this.key,
        uploadID: this.uploadId,
        partNumber: part,
        headers: {},
      },
      body,
    );
    this.parts.push({ part, etag });
  }

  private take(): Buffer {
    const body = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    return body;
  }
}
