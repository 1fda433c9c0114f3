import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import test from "ava";
import { startStreamStack } from "../../support/gateway/stream-fixture-server.js";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const MIB = 1024 * 1024;
const ITEM_KEY = '"itemNumber":';

/** Live JS heap plus Buffer memory (outside the JS heap), after a full collection. */
function liveHeap(): number {
  // The second pass frees the Buffers whose wrappers the first one collected.
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

test.serial("a 100k-item json-stream flows through with flat memory", async (t) => {
  const { origin } = await startStreamStack(t);
  const before = liveHeap();
  // About 300 bytes per item: some 30 MiB of JSON, which a buffering gateway would hold whole.
  const response = await fetch(`${origin}/stream/v1/items?count=100000&page_size=500&padding=200`);
  t.is(response.status, 200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let items = 0;
  let bytes = 0;
  let carry = "";
  let first = "";
  let last = "";
  let nextSample = 0;
  let peakGrowth = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const decoded = decoder.decode(chunk.value, { stream: true });
    const text = carry + decoded;
    items += text.split(ITEM_KEY).length - 1;
    // A tail one character too short to hold the key: a key split across chunks is counted once.
    carry = text.slice(-(ITEM_KEY.length - 1));
    first ||= decoded.slice(0, 1);
    last = decoded.slice(-1) || last;
    bytes += chunk.value.byteLength;
    if (bytes >= nextSample) {
      peakGrowth = Math.max(peakGrowth, liveHeap() - before);
      nextSample += 4 * MIB;
    }
  }
  t.true(bytes > 25 * MIB, `only ${bytes} bytes`);
  t.is(items, 100_000);
  t.is(first, "[");
  t.is(last, "]");
  t.true(peakGrowth < 12 * MIB, `live heap grew by ${(peakGrowth / MIB).toFixed(1)} MiB`);
});

/** A multipart body whose file part is generated as it is sent, so the client holds none of it. */
function streamedForm(boundary: string, fileBytes: number, chunk: Buffer): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent < 0) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent < fileBytes) {
        const size = Math.min(chunk.length, fileBytes - sent);
        controller.enqueue(chunk.subarray(0, size));
        sent += size;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

test.serial("a 48 MiB multipart upload streams through with flat memory", async (t) => {
  const { origin, bearer, probe } = await startStreamStack(t);
  const fileBytes = 48 * MIB;
  const chunk = Buffer.alloc(256 * 1024, 7);
  const before = liveHeap();
  let peakGrowth = 0;
  let nextSample = 0;
  probe.onUploadProgress = (bytes) => {
    if (bytes < nextSample) return;
    peakGrowth = Math.max(peakGrowth, liveHeap() - before);
    nextSample += 8 * MIB;
  };
  const boundary = "m3-stream-boundary";
  const response = await fetch(`${origin}/stream/v1/large-blobs/alice`, {
    method: "POST",
    headers: { authorization: bearer, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: streamedForm(boundary, fileBytes, chunk),
    duplex: "half",
  } as RequestInit);
  const body = (await response.json()) as { size: number };
  t.is(response.status, 200);
  t.is(body.size, fileBytes);
  t.true(peakGrowth < 12 * MIB, `live heap grew by ${(peakGrowth / MIB).toFixed(1)} MiB`);
});
