import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { DomainError } from "../../kit/errors/domain-error.js";

/** What a reply needs to know of a file before reading it. */
export interface VideoFileStat {
  sizeBytes: number;
  modifiedAtMillis: number;
}

/** Bytes read at once: large enough for few messages, small enough to keep memory flat. */
const CHUNK_BYTES = 256 * 1024;

/** The only reader of the video files themselves (the paths come checked against the roots). */
export class VideoFileRepository {
  async statOf(path: string): Promise<VideoFileStat> {
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) throw DomainError.notFound("The video file could not be read");
    return { sizeBytes: found.size, modifiedAtMillis: Math.floor(found.mtimeMs) };
  }

  /** Bytes first..last (inclusive) of the file, in chunks; the file closes when iteration stops. */
  read(path: string, first: number, last: number): AsyncIterable<Buffer> {
    if (last < first) return (async function* () {})();
    return createReadStream(path, { start: first, end: last, highWaterMark: CHUNK_BYTES });
  }
}
