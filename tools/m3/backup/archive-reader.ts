import { dirname, extname, join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ArchiveError } from "./archive-format.js";
import type { ArchiveEvent } from "./archive-parser.js";
import type { FromArchiveReader, ToArchiveReader } from "./archive-reader-messages.js";

export type { ArchiveEvent } from "./archive-parser.js";

const HERE = fileURLToPath(import.meta.url);
/** Beside this file: `.ts` in the source tree, `.js` once compiled or transpiled. */
const WORKER_FILE = join(dirname(HERE), `archive-reader-worker${extname(HERE)}`);

function startReaderThread(): Worker {
  if (extname(WORKER_FILE) !== ".ts") return new Worker(WORKER_FILE);
  // Node 20 starts a worker without the TypeScript loader its parent runs under (tests, tsx):
  // the worker registers it before loading its module.
  const loader = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const module = JSON.stringify(pathToFileURL(WORKER_FILE).href);
  return new Worker(`import(${loader}).then((tsx) => { tsx.register(); return import(${module}); });`, {
    eval: true,
  });
}

/**
 * Reads an archive (gzip bytes) as checked events (see parseArchiveText): the bytes are read
 * here, and gunzipped, split, hashed and parsed on a thread of their own, so that a restore's
 * writes, on this thread, overlap the reading instead of waiting for it. The thread runs a few
 * events ahead, no more: memory stays flat. A damaged archive, or bytes that cannot be read,
 * throw an ArchiveError.
 */
export async function* readArchive(bytes: Readable): AsyncGenerator<ArchiveEvent> {
  const worker = startReaderThread();
  const input = bytes[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const events: ArchiveEvent[] = [];
  let failure: Error | undefined;
  let woken: (() => void) | undefined;
  const post = (message: ToArchiveReader, transfer: ArrayBuffer[] = []) =>
    worker.postMessage(message, transfer);
  const fail = (error: Error) => {
    failure ??= error;
    wake();
  };
  const wake = () => {
    woken?.();
    woken = undefined;
  };
  const sendBytes = () =>
    input.next().then(
      (next) => {
        if (next.done) return post({ kind: "end" });
        // A copy of its own, moved rather than cloned: a stream's chunk may share a larger buffer.
        const copy = new Uint8Array(next.value);
        post({ kind: "bytes", bytes: copy }, [copy.buffer]);
      },
      (error: Error) => fail(new ArchiveError(`the archive cannot be read: ${error.message}`)),
    );
  worker.on("message", (message: FromArchiveReader) => {
    if (message.kind === "more") void sendBytes();
    else if (message.kind === "event") events.push(message.event);
    else failure ??= new ArchiveError(message.message);
    wake();
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the archive reader's thread stopped (exit code ${code})`)));
  try {
    for (;;) {
      if (failure) throw failure;
      const event = events.shift();
      if (!event) {
        await new Promise<void>((resolve) => (woken = resolve));
        continue;
      }
      post({ kind: "taken" });
      yield event;
      if (event.kind === "trailer") return;
    }
  } finally {
    await worker.terminate();
    bytes.destroy();
  }
}
