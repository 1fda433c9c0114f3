import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import type { Logger } from "pino";
import { type FrameKey, frameFileName, keyText, parseFrameFileName, videoFolder } from "./frame-key.js";

/** Each video folder names its URL in this file, so the index can be rebuilt from disk. */
export const SOURCE_FILE = "source-url.txt";
const HEX_FOLDER = /^[0-9a-f]+$/;

export interface FrameCacheLimits {
  maxBytes: number;
  /** Share of the current total freed when the total passes maxBytes. */
  freeFraction: number;
}

interface Entry {
  key: FrameKey;
  path: string;
  bytes: number;
  createdAt: number;
  /** Breaks createdAt ties in insertion order, so eviction is deterministic. */
  sequence: number;
}

/**
 * Frames on disk under one root, with an index in memory. It knows each file's size and
 * age; past the size limit it deletes the oldest frames until the free share is reached.
 */
export class FrameCache {
  private readonly entries = new Map<string, Entry>();
  private readonly knownFolders = new Set<string>();
  private sequence = 0;
  private bytes = 0;

  private constructor(
    readonly root: string,
    private readonly limits: FrameCacheLimits,
    private readonly logger: Logger,
  ) {}

  /** Opens (creating if needed) the root and indexes the frames already there. */
  static async open(root: string, limits: FrameCacheLimits, logger: Logger): Promise<FrameCache> {
    const cache = new FrameCache(resolve(root), limits, logger);
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

  /** The file of a cached frame, if any. */
  find(key: FrameKey): string | undefined {
    return this.entries.get(keyText(key))?.path;
  }

  /** Where a new frame for key is to be written; creates its folder. */
  async targetFor(key: FrameKey): Promise<string> {
    const folder = this.folderOf(key.videoUrl);
    if (!this.knownFolders.has(folder)) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, SOURCE_FILE), key.videoUrl);
      this.knownFolders.add(folder);
    }
    return this.inside(join(folder, frameFileName(key)));
  }

  /** Records a frame written at targetFor(key), then evicts if the cache is over its limit. */
  async add(key: FrameKey, bytes: number, createdAt = Date.now()): Promise<void> {
    this.record(key, await this.targetFor(key), bytes, createdAt);
    await this.evictIfFull();
  }

  /** Forgets a frame and deletes its file (e.g. when it vanished from disk). */
  async remove(key: FrameKey): Promise<void> {
    const entry = this.entries.get(keyText(key));
    if (!entry) return;
    this.forget(entry);
    await rm(entry.path, { force: true });
  }

  private record(key: FrameKey, path: string, bytes: number, createdAt: number): void {
    const previous = this.entries.get(keyText(key));
    if (previous) this.forget(previous);
    this.entries.set(keyText(key), { key, path, bytes, createdAt, sequence: this.sequence++ });
    this.bytes += bytes;
  }

  private forget(entry: Entry): void {
    this.entries.delete(keyText(entry.key));
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
    this.logger.info({ frames: evicted.length, bytes: freed }, "evicted the oldest cached frames");
  }

  private folderOf(videoUrl: string): string {
    return this.inside(join(this.root, ...videoFolder(videoUrl)));
  }

  /** A last guard: every path the cache touches is below its root. */
  private inside(path: string): string {
    if (!resolve(path).startsWith(this.root + sep)) throw new Error(`cache path outside the root: ${path}`);
    return path;
  }

  /** Indexes root/<xx>/<sha256>/<frame files>; partial files of interrupted runs are deleted. */
  private async rebuild(): Promise<void> {
    for (const prefix of await folderNames(this.root)) {
      for (const digest of await folderNames(join(this.root, prefix))) {
        await this.indexVideoFolder(join(this.root, prefix, digest));
      }
    }
    this.logger.info(
      { frames: this.entries.size, bytes: this.bytes, root: this.root },
      "frame cache indexed",
    );
    await this.evictIfFull();
  }

  private async indexVideoFolder(folder: string): Promise<void> {
    const videoUrl = await readFile(join(folder, SOURCE_FILE), "utf8").catch(() => undefined);
    if (videoUrl === undefined || folder !== this.folderOf(videoUrl)) {
      await rm(folder, { recursive: true, force: true });
      return;
    }
    this.knownFolders.add(folder);
    for (const name of await readdir(folder)) {
      if (name === SOURCE_FILE) continue;
      const parsed = parseFrameFileName(name);
      const path = join(folder, name);
      const info = await stat(path).catch(() => undefined);
      if (!parsed || !info?.isFile()) {
        await rm(path, { recursive: true, force: true });
        continue;
      }
      this.record({ ...parsed, videoUrl }, path, info.size, info.mtimeMs);
    }
  }
}

async function folderNames(path: string): Promise<string[]> {
  const children = await readdir(path, { withFileTypes: true });
  return children
    .filter((child) => child.isDirectory() && HEX_FOLDER.test(child.name))
    .map((child) => child.name)
    .sort();
}
