import { createHash } from "node:crypto";
import test from "ava";
import { call } from "../../support/gateway/gateway-harness.js";
import { blobBytes, startStreamStack } from "../../support/gateway/stream-fixture-server.js";
import { UPLOAD_MAX_BYTES } from "../../support/gateway/stream-routes.js";

function form(entries: [string, string | { bytes: Buffer; name: string; type: string }][]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") body.append(name, value);
    else body.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  return body;
}

test("a multipart upload reaches the service as a header then chunks of at most 64 KiB, bytes intact", async (t) => {
  const { origin, bearer } = await startStreamStack(t);
  const bytes = blobBytes(UPLOAD_MAX_BYTES - 1000);
  const reply = await call(`${origin}/stream/v1/blobs/alice?tag=reef`, {
    method: "POST",
    headers: { authorization: bearer },
    body: form([
      ["description", "a dive"],
      ["file", { bytes, name: "dive.bin", type: "application/x-dive" }],
    ]),
  });
  t.is(reply.status, 200, reply.text);
  const body = reply.body as Record<string, unknown>;
  t.deepEqual(body.header, {
    owner: "alice",
    description: "a dive",
    tag: "reef",
    fileName: "dive.bin",
    contentType: "application/x-dive",
  });
  t.is(body.size, bytes.length);
  t.is(body.sha256, createHash("sha256").update(bytes).digest("hex"));
  t.true((body.chunks as number) > 1);
  t.true((body.largestChunk as number) <= 64 * 1024);
});

/** A small upload that succeeds: it also proves the calls sent before it have reached the service. */
async function uploadSmall(origin: string, bearer: string): Promise<void> {
  const reply = await call(`${origin}/stream/v1/blobs/bob`, {
    method: "POST",
    headers: { authorization: bearer },
    body: form([["file", { bytes: blobBytes(10), name: "small.bin", type: "application/x-dive" }]]),
  });
  if (reply.status !== 200) throw new Error(`small upload failed: ${reply.text}`);
}

/**
 * `body` as a stream that sends its first `firstBytes` at once and the rest once `go` resolves,
 * as a slow link would.
 */
function sentInTwo(body: Uint8Array, firstBytes: number, go: Promise<void>): ReadableStream<Uint8Array> {
  let parts = 0;
  return new ReadableStream({
    async pull(controller) {
      if (parts++ === 0) return controller.enqueue(body.subarray(0, firstBytes));
      await go;
      controller.enqueue(body.subarray(firstBytes));
      controller.close();
    },
  });
}

test("an upload larger than maxBytes is 413 and the service's call is cancelled", async (t) => {
  const { origin, bearer, probe } = await startStreamStack(t);
  const url = `${origin}/stream/v1/blobs/alice`;
  const encoded = new Request(url, {
    method: "POST",
    body: form([
      ["file", { bytes: blobBytes(3 * UPLOAD_MAX_BYTES), name: "big.bin", type: "application/x-dive" }],
    ]),
  });
  // The rest of the file goes once the service has read its first chunk: the call is under way
  // when the limit is hit.
  const callReached = new Promise<void>((resolve) => {
    probe.onUploadProgress = () => resolve();
  });
  const reply = await call(url, {
    method: "POST",
    headers: { authorization: bearer, "content-type": encoded.headers.get("content-type") ?? "" },
    body: sentInTwo(new Uint8Array(await encoded.arrayBuffer()), 200 * 1024, callReached),
    duplex: "half",
  } as RequestInit);
  t.is(reply.status, 413);
  t.deepEqual(reply.body, { message: `File is larger than ${UPLOAD_MAX_BYTES} bytes`, responseCode: 413 });
  t.is(await probe.abortOf("uploadBlob"), "AbortError");
  t.is(probe.uploadsCompleted, 0);
});

test("an upload to a protected method without a JWT is 401", async (t) => {
  const { origin } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/blobs/alice`, {
    method: "POST",
    body: form([["file", { bytes: blobBytes(200_000), name: "a.bin", type: "application/x-dive" }]]),
  });
  t.is(reply.status, 401);
  t.deepEqual(reply.body, { message: "Missing token", responseCode: 401 });
});

test("a form field after the file part is 400 and the call is never completed", async (t) => {
  const { origin, bearer, probe } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/blobs/alice`, {
    method: "POST",
    headers: { authorization: bearer },
    body: form([
      ["file", { bytes: blobBytes(10), name: "a.bin", type: "application/x-dive" }],
      ["description", "too late"],
    ]),
  });
  t.is(reply.status, 400);
  t.deepEqual(reply.body, {
    message: 'Form field "description" must come before the file',
    responseCode: 400,
  });
  await uploadSmall(origin, bearer);
  t.is(probe.uploadsCompleted, 1);
});

test("a second file or another file field is 400", async (t) => {
  const { origin, bearer } = await startStreamStack(t);
  const file = { bytes: blobBytes(10), name: "a.bin", type: "application/x-dive" };
  const post = (entries: Parameters<typeof form>[0]) =>
    call(`${origin}/stream/v1/blobs/alice`, {
      method: "POST",
      headers: { authorization: bearer },
      body: form(entries),
    });
  const twice = await post([
    ["file", file],
    ["file", file],
  ]);
  t.is(twice.status, 400);
  t.is((twice.body as { message: string }).message, 'Only one file may be sent in "file"');
  const other = await post([["other", file]]);
  t.is(other.status, 400);
  t.is((other.body as { message: string }).message, 'Unexpected file field "other"');
});

test("an upload route refuses a body that is not multipart with 415", async (t) => {
  const { origin, bearer } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/blobs/alice`, {
    method: "POST",
    headers: { authorization: bearer, "content-type": "application/json" },
    body: "{}",
  });
  t.is(reply.status, 415);
});

test("a call that fails during a large upload answers with its error, not a hang", async (t) => {
  const { origin } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/blobs/alice`, {
    method: "POST",
    body: form([
      ["file", { bytes: blobBytes(UPLOAD_MAX_BYTES - 10), name: "a.bin", type: "application/x-dive" }],
    ]),
  });
  t.is(reply.status, 401);
});
