import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Readable, Writable } from "node:stream";
import type { Client } from "minio";
import { S3ArchiveUpload } from "./s3-archive-upload.js";

/** Where an archive is read or written: a file, or an object of an S3 bucket. */
export type ArchiveLocation = { kind: "file"; path: string } | { kind: "s3"; bucket: string; key: string };

/** A sink for an archive's bytes that makes the archive visible only once it is whole. */
export interface ArchiveOutput {
  readonly stream: Writable;
  /** Call after the stream has finished: the archive then appears under its name. */
  complete(): Promise<void>;
  /** After a failure: leaves nothing under the archive's name. */
  abort(): Promise<void>;
}

/** Archives the retention counts: the names backup gives in a folder or under a prefix. */
const ARCHIVE_NAME = /^m3-backup-\d{8}T\d{6}(\d{3})?Z\.jsonl\.gz$/;

/**
 * The archive's home: files (written beside their name, renamed when complete) and S3 objects
 * (streamed as a multipart upload, which S3 shows only once it is completed, or aborts).
 */
export class ArchiveStoreRepository {
  constructor(private readonly s3?: Client) {}

  openOutput(location: ArchiveLocation): Promise<ArchiveOutput> {
    return location.kind === "file" ? this.openFileOutput(location.path) : this.openS3Output(location);
  }

  async openInput(location: ArchiveLocation): Promise<Readable> {
    if (location.kind === "file") {
      const stream = createReadStream(location.path);
      await new Promise<void>((resolve, reject) =>
        stream.once("open", () => resolve()).once("error", reject),
      );
      return stream;
    }
    return this.client().getObject(location.bucket, location.key);
  }

  /** The archive names (as backup names them) in a folder or under a prefix, oldest first. */
  async listArchives(folder: ArchiveLocation): Promise<string[]> {
    if (folder.kind === "file") {
      const names = await readdir(folder.path).catch(() => [] as string[]);
      return names.filter((name) => ARCHIVE_NAME.test(name)).sort();
    }
    const names: string[] = [];
    for await (const item of this.client().listObjectsV2(folder.bucket, folder.key, false)) {
      const name = item.name?.slice(folder.key.length);
      if (name && ARCHIVE_NAME.test(name)) names.push(name);
    }
    return names.sort();
  }

  async deleteArchive(folder: ArchiveLocation, name: string): Promise<void> {
    if (folder.kind === "file") await rm(join(folder.path, name));
    else await this.client().removeObject(folder.bucket, `${folder.key}${name}`);
  }

  private async openFileOutput(path: string): Promise<ArchiveOutput> {
    await mkdir(dirname(path), { recursive: true });
    const partial = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.partial`);
    const stream = createWriteStream(partial, { flags: "wx" });
    return {
      stream,
      complete: () => rename(partial, path),
      abort: async () => {
        stream.destroy();
        await rm(partial, { force: true });
      },
    };
  }

  private async openS3Output({ bucket, key }: { bucket: string; key: string }): Promise<ArchiveOutput> {
    const client = this.client();
    if (!(await client.bucketExists(bucket))) throw new Error(`the bucket ${bucket} does not exist`);
    const upload = new S3ArchiveUpload(client, bucket, key);
    return {
      stream: upload,
      // The upload completes as the stream finishes.
      complete: async () => {},
      abort: () => upload.abort(),
    };
  }

  private client(): Client {
    if (!this.s3) throw new Error("s3:// archives need an S3 endpoint (M3_BACKUP_S3_* or M3_UPLOAD_S3_*)");
    return this.s3;
  }
}

/** The name backup gives an archive written to a folder or prefix: its UTC creation time. */
export function archiveName(createdAt: Date): string {
  const stamp = createdAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");
  return `m3-backup-${stamp}.jsonl.gz`;
}
