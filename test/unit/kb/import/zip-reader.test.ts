import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import test from "ava";
import { DEFAULT_KB_DUMP } from "../../../../tools/m3/kb-import/kb-import.js";
import { extractZipEntry, listZipEntries, readZipEntry } from "../../../../tools/m3/kb-import/zip-reader.js";

interface FileSpec {
  name: string;
  content: string;
  deflate: boolean;
}

/** A minimal zip writer (CRCs left 0: the reader checks sizes, not checksums). */
function zipOf(files: FileSpec[], comment = ""): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const raw = Buffer.from(file.content);
    const data = file.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(file.deflate ? 8 : 0, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(file.deflate ? 8 : 0, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += 30 + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...locals, directoryBytes, end, Buffer.from(comment)]);
}

test("lists the entries and reads stored and deflated files", (t) => {
  const zip = zipOf(
    [
      { name: "a.txt", content: "plain text", deflate: false },
      { name: "dir/b.json", content: JSON.stringify({ x: "y".repeat(1000) }), deflate: true },
    ],
    "an archive comment",
  );
  const entries = listZipEntries(zip);
  t.deepEqual(
    entries.map((entry) => [entry.name, entry.method]),
    [
      ["a.txt", 0],
      ["dir/b.json", 8],
    ],
  );
  t.is(readZipEntry(zip, entries[0] as (typeof entries)[0]).toString(), "plain text");
  t.is(JSON.parse(extractZipEntry(zip, (name) => name.endsWith(".json")).bytes.toString()).x.length, 1000);
});

test("rejects what is not a zip, a missing entry and a truncated entry", (t) => {
  t.throws(() => listZipEntries(Buffer.from("not a zip at all, just some bytes")), { message: /not a zip/ });
  const zip = zipOf([{ name: "a.txt", content: "text", deflate: false }]);
  t.throws(() => extractZipEntry(zip, (name) => name === "b.txt"), { message: /no matching entry/ });
  const entry = listZipEntries(zip)[0];
  if (!entry) throw new Error("no entry");
  t.throws(() => readZipEntry(zip, { ...entry, compressedSize: 10_000 }), { message: /truncated/ });
});

test("reads the real kb dump's JSON entry past the macOS metadata entries", (t) => {
  const zip = readFileSync(DEFAULT_KB_DUMP);
  t.deepEqual(
    listZipEntries(zip).map((entry) => entry.name),
    ["kb-dump.json", "__MACOSX/", "__MACOSX/._kb-dump.json"],
  );
  const { name, bytes } = extractZipEntry(zip, (entry) => entry.endsWith(".json") && !entry.startsWith("__"));
  t.is(name, "kb-dump.json");
  t.is(bytes.length, 7_794_478);
});
