/**
 * The archive reader's thread (see archive-reader.ts): gunzips the bytes the main thread sends
 * as it reads them, parses and checks the text, and posts the events back, never more than
 * EVENTS_AHEAD beyond those the main thread took. Its failures are the archive's: an
 * ArchiveError on the main thread.
 */
import { Readable } from "node:stream";
import { parentPort } from "node:worker_threads";
import { createGunzip } from "node:zlib";
import { ArchiveError } from "./archive-format.js";
import { parseArchiveText } from "./archive-parser.js";
import { EVENTS_AHEAD, type FromArchiveReader, type ToArchiveReader } from "./archive-reader-messages.js";

/** Gunzip's output pieces: zlib's default (16 KiB) costs a thread-pool round trip per piece. */
const TEXT_CHUNK_BYTES = 256 * 1024;

const port = parentPort;
if (!port) throw new Error("archive-reader-worker runs as a worker thread");
const post = (message: FromArchiveReader) => port.postMessage(message);

let credits = EVENTS_AHEAD;
let creditReturned: (() => void) | undefined;
const bytes = new Readable({ read: () => post({ kind: "more" }) });

port.on("message", (message: ToArchiveReader) => {
  if (message.kind === "bytes") {
    bytes.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  } else if (message.kind === "end") {
    bytes.push(null);
  } else {
    credits++;
    creditReturned?.();
    creditReturned = undefined;
  }
});

try {
  for await (const event of parseArchiveText(bytes.pipe(createGunzip({ chunkSize: TEXT_CHUNK_BYTES })))) {
    if (credits === 0) await new Promise<void>((resolve) => (creditReturned = resolve));
    credits--;
    post({ kind: "event", event });
  }
} catch (error) {
  const reason = (error as Error).message;
  // gunzip's errors (a bad header, an unexpected end) are the archive's too.
  post({
    kind: "failed",
    message: error instanceof ArchiveError ? reason : `the archive is damaged or truncated: ${reason}`,
  });
}
// The port stays open until the main thread, having taken the last event, ends this thread.
