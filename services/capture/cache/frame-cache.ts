import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import type { Logger } from "pino";
import { type FrameKey, frameFileName, keyText, parseFrameFileName, videoFolder } from "./frame-key.js";
import { type CacheLimits, OldestFirstIndex } from "./oldest-first-index.js";

/** Each video folder names its URL in this file, so the index can be rebuilt from disk. */
export const SOURCE_FILE = "source-url.txt";
const HEX_FOLDER = /^[0-9a-f]+$/;

/**
 * Frames on disk under one root, with an index in memory. It knows each file's size and
 * age; past the size limit it deletes the oldest frames until the free share is reached.
 */
export class FrameCache {
  private readonly index: OldestFirstIndex<FrameKey>;
  private readonly knownFolders = new Set<string>();

  private constructor(
    readonly root: string,
    limits: CacheLimits,
    private readonly logger: Logger,
  ) {
    this.index = new OldestFirstIndex(limits, logger, "frames");
  }

  /** Opens (creating if needed) the root and indexes the frames already there. */
  static async open(root: string, limits: CacheLimits, logger: Logger): Promise<FrameCache> {
    const cache = new FrameCache(resolve(root), limits, logger);
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

  /** The file of a cached frame, if any. */
  find(key: FrameKey): string | undefined {
    return this.index.get(keyText(key))?.path;
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
    this.index.record(keyText(key), key, await this.targetFor(key), bytes, createdAt);
    await this.index.evictIfFull();
  }

  /** Forgets a frame and deletes its file (e.g. when it vanished from disk). */
  async remove(key: FrameKey): Promise<void> {
    const entry = this.index.get(keyText(key));
    if (!entry) return;
    this.index.forget(entry);
    await rm(entry.path, { force: true });
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
      { frames: this.index.size, bytes: this.index.totalBytes, root: this.root },
      "frame cache indexed",
    );
    await this.index.evictIfFull();
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
      const key = { ...parsed, videoUrl };
      this.index.record(keyText(key), key, path, info.size, info.mtimeMs);
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
