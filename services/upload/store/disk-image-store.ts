import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ImageStore, StoredImage } from "./image-store.js";

/**
 * Images as files under one folder (the embedded default). A write goes to a hidden temporary
 * file beside the target and is renamed over it at the end, so readers never see half an image.
 */
export class DiskImageStore implements ImageStore {
  private readonly root: string;

  constructor(directory: string) {
    this.root = resolve(directory);
  }

  async put(key: string, bytes: AsyncIterable<Uint8Array>): Promise<StoredImage> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.upload-${randomBytes(8).toString("hex")}.part`);
    try {
      await pipeline(
        Readable.from(bytes, { objectMode: false }),
        createWriteStream(temporary, { flags: "wx" }),
      );
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { sizeBytes: (await stat(target)).size };
  }

  async stat(key: string): Promise<StoredImage | undefined> {
    try {
      const found = await stat(this.pathOf(key));
      return found.isFile() ? { sizeBytes: found.size } : undefined;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return undefined;
      throw error;
    }
  }

  /** The file of a key; a key that would leave the root is a bug upstream, so it throws. */
  private pathOf(key: string): string {
    const path = resolve(this.root, ...key.split("/"));
    const inside = relative(this.root, path);
    if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) {
      throw new Error(`image key escapes the store folder: ${key}`);
    }
    return path;
  }
}
