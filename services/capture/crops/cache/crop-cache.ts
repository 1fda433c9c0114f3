import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import { type CacheLimits, OldestFirstIndex } from "../../cache/oldest-first-index.js";
import { type CropKey, cropFileName, parseCropFileName } from "./crop-key.js";

const PREFIX_FOLDER = /^[0-9a-f]{2}$/;

/**
 * Cropped PNGs on disk under one root (root/<first two hex digits>/<sha256>.png), with an index
 * in memory of each file's size and age. Past the size limit it deletes the oldest crops until
 * the free share is reached, as the frame cache does. A crop is written under a temporary name
 * and renamed, so a reader never sees a partial file.
 */
export class CropCache {
  private readonly index: OldestFirstIndex<string>;
  /** Crops being written, by digest: answered from memory meanwhile. */
  private readonly pending = new Map<string, Buffer>();
  private readonly writes = new Set<Promise<void>>();

  private constructor(
    readonly root: string,
    limits: CacheLimits,
    private readonly logger: Logger,
  ) {
    this.index = new OldestFirstIndex(limits, logger, "crops");
  }

  /** Opens (creating if needed) the root and indexes the crops already there. */
  static async open(root: string, limits: CacheLimits, logger: Logger): Promise<CropCache> {
    const cache = new CropCache(resolve(root), limits, logger);
    await mkdir(cache.root, { recursive: true });
    await cache.rebuild();
    return cache;
  }

  get totalBytes(): number {
    return this.index.totalBytes;
  }

  get size(): number {
    return this.index.size;
  }

  /** The cached crop's bytes, or undefined (also when eviction just took its file). */
  async read(key: CropKey): Promise<Buffer | undefined> {
    const pending = this.pending.get(key.digest);
    if (pending) return pending;
    const entry = this.index.get(key.digest);
    if (!entry) return undefined;
    try {
      return await readFile(entry.path);
    } catch {
      this.index.forget(entry);
      return undefined;
    }
  }

  /**
   * Stores a crop without making the caller wait for the disk: until its file is written, reads
   * answer it from memory. A failed write is logged and the crop is simply not cached.
   */
  keep(key: CropKey, data: Buffer): void {
    this.pending.set(key.digest, data);
    const written = this.write(key, data)
      .catch((error: unknown) => this.logger.warn({ err: error }, "a crop could not be cached"))
      .finally(() => {
        this.pending.delete(key.digest);
        this.writes.delete(written);
      });
    this.writes.add(written);
  }

  /** Resolves once every crop kept so far is on disk (or failed). */
  async flush(): Promise<void> {
    await Promise.all(this.writes);
  }

  /** Stores a crop, then evicts the oldest if the cache is over its limit. */
  async write(key: CropKey, data: Buffer, createdAt = Date.now()): Promise<void> {
    const folder = join(this.root, key.digest.slice(0, 2));
    await mkdir(folder, { recursive: true });
    const path = join(folder, cropFileName(key));
    const partial = join(folder, `.${key.digest}.${randomBytes(6).toString("hex")}.part`);
    try {
      await writeFile(partial, data);
      await rename(partial, path);
    } finally {
      await rm(partial, { force: true });
    }
    this.index.record(key.digest, key.digest, path, data.length, createdAt);
    await this.index.evictIfFull();
  }

  /** Indexes root/<xx>/<sha256>.png; partial files of interrupted writes and strays are deleted. */
  private async rebuild(): Promise<void> {
    const prefixes = (await readdir(this.root, { withFileTypes: true }))
      .filter((child) => child.isDirectory() && PREFIX_FOLDER.test(child.name))
      .map((child) => child.name)
      .sort();
    for (const prefix of prefixes) {
      const folder = join(this.root, prefix);
      for (const name of (await readdir(folder)).sort()) {
        const path = join(folder, name);
        const digest = parseCropFileName(name);
        const info = await stat(path).catch(() => undefined);
        if (digest === undefined || !digest.startsWith(prefix) || !info?.isFile()) {
          await rm(path, { recursive: true, force: true });
          continue;
        }
        this.index.record(digest, digest, path, info.size, info.mtimeMs);
      }
    }
    this.logger.info(
      { crops: this.index.size, bytes: this.index.totalBytes, root: this.root },
      "crop cache indexed",
    );
    await this.index.evictIfFull();
  }
}
