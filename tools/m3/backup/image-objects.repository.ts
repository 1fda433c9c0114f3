import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Client } from "minio";
import type { ImageStoreSettings } from "../../../services/upload/config.js";
import { s3Client } from "./s3-client.js";

/** One stored image as the archive lists it: no bytes, just enough to check a copy of the store. */
export interface ImageObject {
  key: string;
  sizeBytes: number;
  /** S3's ETag; for files on disk the MD5 of the bytes (what S3 reports for a single-part upload). */
  etag: string;
}

/** Objects handed over at a time. */
const BATCH = 500;
/** The upload service's half-written files (DiskImageStore), never part of the store. */
const PARTIAL_UPLOAD = /^\.upload-[0-9a-f]+\.part$/;

/** The upload service's image store, read-only: what it holds and whether it holds a key. */
export class ImageObjectsRepository {
  private readonly client: Client | undefined;

  constructor(private readonly settings: ImageStoreSettings) {
    this.client = settings.kind === "s3" ? s3Client(settings) : undefined;
  }

  get kind(): "s3" | "disk" {
    return this.settings.kind;
  }

  /** Every object, in batches (S3 in key order, files folder by folder in name order). */
  async *list(): AsyncGenerator<ImageObject[]> {
    if (this.settings.kind === "disk") {
      yield* batches(this.files(this.settings.directory, this.settings.directory));
      return;
    }
    const { bucket } = this.settings;
    const client = this.client as Client;
    if (!(await client.bucketExists(bucket))) return;
    yield* batches(this.objects(client, bucket));
  }

  /** The stored object at key, or undefined. */
  async find(key: string): Promise<ImageObject | undefined> {
    if (this.settings.kind === "disk") {
      const path = join(this.settings.directory, ...key.split("/"));
      const found = await stat(path).catch(() => undefined);
      return found?.isFile() ? { key, sizeBytes: found.size, etag: await md5Of(path) } : undefined;
    }
    try {
      const found = await (this.client as Client).statObject(this.settings.bucket, key);
      return { key, sizeBytes: found.size, etag: found.etag };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "NotFound" || code === "NoSuchKey") return undefined;
      throw error;
    }
  }

  private async *objects(client: Client, bucket: string): AsyncGenerator<ImageObject> {
    for await (const item of client.listObjectsV2(bucket, "", true)) {
      if (item.name !== undefined) yield { key: item.name, sizeBytes: item.size, etag: item.etag };
    }
  }

  private async *files(root: string, folder: string): AsyncGenerator<ImageObject> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) yield* this.files(root, path);
      else if (entry.isFile() && !PARTIAL_UPLOAD.test(entry.name)) {
        const key = relative(root, path).split(sep).join("/");
        yield { key, sizeBytes: (await stat(path)).size, etag: await md5Of(path) };
      }
    }
  }
}

async function md5Of(path: string): Promise<string> {
  const hash = createHash("md5");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function* batches<T>(items: AsyncIterable<T>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
