import { createHash } from "node:crypto";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import test from "ava";
import { call } from "../../support/gateway/gateway-harness.js";
import { blobBytes, startStreamStack } from "../../support/gateway/stream-fixture-server.js";

test("json-stream writes one JSON array of every message's items, in order, with the route's casing and nulls", async (t) => {
  const { origin } = await startStreamStack(t);
  const camel = await call(`${origin}/stream/v1/items?count=5&page_size=2`);
  t.is(camel.status, 200);
  t.regex(camel.headers.get("content-type") ?? "", /^application\/json/);
  t.deepEqual(camel.body, [
    { itemNumber: 0, displayName: "item 0", note: "even 0", createdTimestamp: "2023-11-14T22:13:20Z" },
    { itemNumber: 1, displayName: "item 1", note: null, createdTimestamp: "2023-11-14T22:13:21Z" },
    { itemNumber: 2, displayName: "item 2", note: "even 2", createdTimestamp: "2023-11-14T22:13:22Z" },
    { itemNumber: 3, displayName: "item 3", note: null, createdTimestamp: "2023-11-14T22:13:23Z" },
    { itemNumber: 4, displayName: "item 4", note: "even 4", createdTimestamp: "2023-11-14T22:13:24Z" },
  ]);
  const snake = await call(`${origin}/stream/v1/items/snake?count=2&page_size=5`);
  t.deepEqual(snake.body, [
    { item_number: 0, display_name: "item 0", note: "even 0", created_timestamp: "2023-11-14T22:13:20Z" },
    { item_number: 1, display_name: "item 1", created_timestamp: "2023-11-14T22:13:21Z" },
  ]);
});

test("json-stream of a stream without messages is an empty array", async (t) => {
  const { origin } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/items?count=0`);
  t.is(reply.status, 200);
  t.deepEqual(reply.body, []);
});

test("json-stream-object writes the first message's other fields, then the items of every message", async (t) => {
  const { origin } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/items/object?count=3&page_size=2`);
  t.is(reply.status, 200);
  t.regex(reply.headers.get("content-type") ?? "", /^application\/json/);
  t.deepEqual(reply.body, {
    requested: 3,
    items: [
      { itemNumber: 0, displayName: "item 0", note: "even 0", createdTimestamp: "2023-11-14T22:13:20Z" },
      { itemNumber: 1, displayName: "item 1", note: null, createdTimestamp: "2023-11-14T22:13:21Z" },
      { itemNumber: 2, displayName: "item 2", note: "even 2", createdTimestamp: "2023-11-14T22:13:22Z" },
    ],
  });
  const empty = await call(`${origin}/stream/v1/items/object?count=0`);
  t.deepEqual(empty.body, { items: [] }, "no message: an object with an empty list");
});

test("an error before the first message is the normal JSON error, with http-header- metadata as headers", async (t) => {
  const { origin } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/items?count=5&fail_first=true`);
  t.is(reply.status, 503);
  t.deepEqual(reply.body, { message: "Try again later", responseCode: 503 });
  t.is(reply.headers.get("retry-after"), "2");
});

test("an error after the first byte aborts the response instead of ending the array", async (t) => {
  const { origin } = await startStreamStack(t);
  const response = await fetch(`${origin}/stream/v1/items?count=100&page_size=10&fail_after_pages=3`);
  t.is(response.status, 200);
  await t.throwsAsync(response.text());
});

test("a client that disconnects from a json-stream cancels the call: the service's ctx.signal aborts", async (t) => {
  const { origin, probe } = await startStreamStack(t);
  await readFirstChunkAndLeave(`${origin}/stream/v1/items?endless=true&page_size=100`);
  t.is(await probe.abortOf("listItems"), "AbortError");
  const producedAtAbort = probe.itemsProduced;
  await sleep(100);
  t.is(probe.itemsProduced, producedAtAbort);
});

test("http-body-stream sends the first message's content type and filename, then every message's bytes", async (t) => {
  const { origin, bearer } = await startStreamStack(t);
  const size = 300_000;
  const response = await fetch(`${origin}/stream/v1/blob?size=${size}&chunk_size=10000&filename=blob.bin`, {
    headers: { authorization: bearer },
  });
  t.is(response.status, 200);
  t.is(response.headers.get("content-type"), "application/x-fixture");
  t.is(response.headers.get("content-disposition"), 'attachment; filename="blob.bin"');
  const bytes = Buffer.from(await response.arrayBuffer());
  t.is(bytes.length, size);
  t.is(sha256(bytes), sha256(blobBytes(size)));
});

test("http-body-stream without a filename has no Content-Disposition", async (t) => {
  const { origin, bearer } = await startStreamStack(t);
  const response = await fetch(`${origin}/stream/v1/blob?size=10&chunk_size=4`, {
    headers: { authorization: bearer },
  });
  t.is(response.headers.get("content-disposition"), null);
  t.deepEqual(Buffer.from(await response.arrayBuffer()), blobBytes(10));
});

test("a protected streaming method without a JWT is 401 before any byte", async (t) => {
  const { origin } = await startStreamStack(t);
  const reply = await call(`${origin}/stream/v1/blob?size=10&chunk_size=4`);
  t.is(reply.status, 401);
  t.deepEqual(reply.body, { message: "Missing token", responseCode: 401 });
});

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Reads the first bytes of the response, then drops the connection (fetch's abort keeps it a while). */
function readFirstChunkAndLeave(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      response.once("data", () => {
        request.destroy();
        resolve();
      });
    });
    request.once("error", reject);
  });
}
