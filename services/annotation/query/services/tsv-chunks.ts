/** Bytes per chunk: large enough that per-chunk costs vanish, small enough to keep memory flat. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Room past a chunk's size for the row that fills it. Every byte allocated counts toward V8's
 * next full collection (it runs after 64 MB of buffers): a chunk is not allocated twice its size.
 */
const ROW_ROOM = 16 * 1024;

/**
 * A TSV reply's bytes, written in place into chunks of about 64 KiB: `buffer` and `at` are the
 * writers' to advance, after `reserve` made room for what they write.
 */
export class TsvChunks {
  buffer = Buffer.allocUnsafe(CHUNK_BYTES + ROW_ROOM);
  at = 0;

  /** Whether the chunk has reached its size: take it. */
  get full(): boolean {
    return this.at >= CHUNK_BYTES;
  }

  /** Room for `length` more bytes at `at` (the buffer may be replaced by a larger copy). */
  reserve(length: number): void {
    if (this.at + length <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(this.at + length + ROW_ROOM);
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
  }

  writeText(text: string): void {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.at += this.buffer.write(text, this.at, "utf8");
  }

  /** Drops what was written since the last take. */
  clear(): void {
    this.at = 0;
  }

  /** The bytes written since the last take; writing goes on in a new buffer. */
  take(): Buffer {
    const chunk = this.buffer.subarray(0, this.at);
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES + ROW_ROOM);
    this.at = 0;
    return chunk;
  }
}
