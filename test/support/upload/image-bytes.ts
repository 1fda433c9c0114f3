/** Deterministic image-like bytes and streams of them, for upload tests. */
import { createHash } from "node:crypto";

/** size bytes of a repeating pattern seeded by seed (different seeds, different bytes). */
export function patternBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 31 + seed * 7) & 0xff;
  return bytes;
}

/** The bytes as a stream of chunks of chunkBytes, optionally failing after failAfterBytes. */
export async function* chunked(
  bytes: Buffer,
  chunkBytes = 64 * 1024,
  failAfterBytes?: number,
): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    if (failAfterBytes !== undefined && offset >= failAfterBytes) throw new Error("the client went away");
    yield bytes.subarray(offset, offset + chunkBytes);
  }
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The bytes cut into chunks of chunkBytes (the gateway's chunk size by default). */
export function chunkList(bytes: Buffer, chunkBytes = 64 * 1024): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    chunks.push(bytes.subarray(offset, offset + chunkBytes));
  }
  return chunks;
}
