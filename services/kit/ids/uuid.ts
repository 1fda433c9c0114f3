import { randomBytes } from "node:crypto";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text is a UUID in canonical 8-4-4-4-12 form (either case). */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/** Random bytes drawn in blocks: one system call per 256 UUIDs instead of one each (bulk writes make thousands). */
const POOL_UUIDS = 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function sixteenRandomBytes(): Buffer {
  if (poolOffset >= pool.length) {
    pool = randomBytes(16 * POOL_UUIDS);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return bytes;
}

/**
 * A version 7 UUID: 48 bits of Unix milliseconds, then random bits. New rows get
 * time-ordered keys, which keeps B-tree inserts at the right edge of the index.
 */
export function uuidV7(nowMillis: number = Date.now()): string {
  const bytes = sixteenRandomBytes();
  let millis = nowMillis;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = millis % 256;
    millis = Math.floor(millis / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
