import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import { type CropKey, cropFileName, parseCropFileName } from "./crop-key.js";

export interface CropCacheLimits {
  maxBytes: number;
  /** Share of the current total freed when the total passes maxBytes. */
  freeFraction: number;
}

interface Entry {
  digest: string;
  path: string;
  bytes: number;
  createdAt: number;
  /** Breaks createdAt ties in insertion order, so eviction is deterministic. */
  sequence: number;
}

const PREFIX_FOLDER = /^[0-9a-f]{2}$/;

/**
 * Cropped PNGs on disk under one root (root/<first two hex digits>/<sha256>.png), with an index
 * in memory of each file's size and age. Past the size limit it deletes the oldest crops until
 * the free share is reached, as the frame cache does. A crop is written under a temporary name
 * and renamed, so a reader never sees a partial file.
 */
export class CropCache {
  private readonly entries = new Map<string, Entry>();
  /** Crops being written, by digest: answered from memory meanwhile. */
  private readonly pending = new Map<string, Buffer>();
  private readonly writes = new Set<Promise<void>>();
  private sequence = 0;
  private bytes = 0;

  private constructor(
    readonly root: string,
    private readonly limits: CropCacheLimits,
    private readonly logger: Logger,
  ) {}

  /** Opens (creating if needed) the root and indexes the crops already there. */
  static async open(root: string, limits: CropCacheLimits, logger: Logger): Promise<CropCache> {
    const cache = new CropCache(resolve(root), limits, logger);
    await mkdir(cache.root, { recursive: true });
    await cache.rebuild();
    return cache;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached crop's bytes, or undefined (also when eviction just took its file). */
  async read(key: CropKey): Promise<Buffer | undefined> {
    const pending = this.pending.get(key.digest);
    if (pending) return pending;
    const entry = this.entries.get(key.digest);
    if (!entry) return undefined;
    try {
      return await readFile(entry.path);
    } catch {
      this.forget(entry);
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
    this.record(key.digest, path, data.length, createdAt);
    await this.evictIfFull();
  }

  private record(digest: string, path: string, bytes: number, createdAt: number): void {
    const previous = this.entries.get(digest);
    if (previous) this.forget(previous);
    this.entries.set(digest, { digest, path, bytes, createdAt, sequence: this.sequence++ });
    this.bytes += bytes;
  }

  private forget(entry: Entry): void {
    if (this.entries.get(entry.digest) !== entry) return;
    this.entries.delete(entry.digest);
    this.bytes -= entry.bytes;
  }

  private async evictIfFull(): Promise<void> {
    if (this.bytes <= this.limits.maxBytes) return;
    const goal = this.bytes * this.limits.freeFraction;
    const oldestFirst = [...this.entries.values()].sort(
      (a, b) => a.createdAt - b.createdAt || a.sequence - b.sequence,
    );
    let freed = 0;
    const evicted: Entry[] = [];
    for (const entry of oldestFirst) {
      if (freed >= goal) break;
      this.forget(entry);
      freed += entry.bytes;
      evicted.push(entry);
    }
    await Promise.all(evicted.map((entry) => rm(entry.path, { force: true })));
    this.logger.info({ crops: evicted.length, bytes: freed }, "evicted the oldest cached crops");
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
        this.record(digest, path, info.size, info.mtimeMs);
      }
    }
    this.logger.info({ crops: this.entries.size, bytes: this.bytes, root: this.root }, "crop cache indexed");
    await this.evictIfFull();
  }
}
