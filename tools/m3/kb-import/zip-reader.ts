import { inflateRawSync } from "node:zlib";

/** One file of a zip archive, as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated. */
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** The entries of a zip archive (no zip64, no encryption: enough for data dumps). */
export function listZipEntries(zip: Buffer): ZipEntry[] {
  const end = findEndOfDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) {
      throw new Error("corrupt zip: bad central directory entry");
    }
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    entries.push({
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString("utf8", offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed bytes of one entry. */
export function readZipEntry(zip: Buffer, entry: ZipEntry): Buffer {
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL_HEADER) {
    throw new Error(`corrupt zip: no local header for ${entry.name}`);
  }
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new Error(`corrupt zip: ${entry.name} is truncated`);
  let bytes: Buffer;
  if (entry.method === 0) bytes = Buffer.from(data);
  else if (entry.method === 8) bytes = inflateRawSync(data);
  else throw new Error(`unsupported zip compression method ${entry.method} for ${entry.name}`);
  if (bytes.length !== entry.size) throw new Error(`corrupt zip: ${entry.name} has the wrong size`);
  return bytes;
}

/** The bytes of the first entry whose name satisfies `accept` (e.g. the one JSON file, not __MACOSX/). */
export function extractZipEntry(
  zip: Buffer,
  accept: (name: string) => boolean,
): { name: string; bytes: Buffer } {
  const entry = listZipEntries(zip).find((candidate) => accept(candidate.name));
  if (!entry) throw new Error("the zip archive has no matching entry");
  return { name: entry.name, bytes: readZipEntry(zip, entry) };
}

function findEndOfDirectory(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let offset = zip.length - END_RECORD_SIZE; offset >= lowest; offset--) {
    if (zip.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  throw new Error("not a zip archive: no end of central directory");
}
