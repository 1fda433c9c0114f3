import test from "ava";
import { call, jsonInit, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";

const UUID = "0190a9e4-5b3c-7d2e-8f10-123456789abc";

test("a JSON body fills the message field the route names, with snake and camel keys", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("CreateSample", { name: "x" });
  const reply = await call(
    `${origin}/sample/v1/samples?requested_by=query`,
    jsonInit("POST", { name: "x", totalBytes: 12, duration_millis: "5", mainTag: { key: "k" }, ignored: 1 }),
  );
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("CreateSample").request, {
    sample: { name: "x", total_bytes: 12, duration_millis: 5, main_tag: { key: "k" } },
    requested_by: "query",
  });
});

test("a form body fills the message field the route names", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("CreateSample", {});
  const body = new URLSearchParams([
    ["name", "x"],
    ["ratio", "29.970000"],
    ["labels", "a"],
    ["labels", "b"],
    ["recorded_timestamp", "20210101T000000Z"],
    ["video_uuid", UUID],
  ]);
  const reply = await call(`${origin}/sample/v1/samples`, { method: "POST", body });
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("CreateSample").request, {
    sample: {
      name: "x",
      ratio: 29.97,
      labels: ["a", "b"],
      recorded_timestamp: { seconds: 1609459200, nanos: 0 },
    },
  });
});

test("a form body without a content type is read as a form", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("UpdateSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
    method: "PUT",
    body: Buffer.from("name=plain&count=3"),
  });
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("UpdateSample").request, { uuid: UUID, name: "plain", count: 3 });
});

test("a body without a content type on a JSON-only route is read as JSON", async (t) => {
  const { origin, fake } = await startHarness(t, {
    routes: {
      ...sampleRoutes,
      routes: sampleRoutes.routes.map((route) =>
        route.rpc.endsWith("/UpdateSample") ? { ...route, bodyEncodings: ["json"] } : route,
      ),
    },
  });
  fake.reply("UpdateSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
    method: "PUT",
    body: Buffer.from('{"name":"json","count":4}'),
  });
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("UpdateSample").request, { uuid: UUID, name: "json", count: 4 });
});

test("empty form values of non-string fields are absent and of string fields are empty", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("UpdateSample", {});
  const body = new URLSearchParams({ name: "", count: "", duration_millis: "", enabled: "" });
  await call(`${origin}/sample/v1/samples/${UUID}`, { method: "PUT", body });
  t.deepEqual(fake.onlyCall("UpdateSample").request, { uuid: UUID, name: "" });
});

test('body "*" takes the body keys as top-level request fields', async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("UpdateSample", {});
  await call(
    `${origin}/sample/v1/samples/${UUID}`,
    jsonInit("PUT", { name: "n", durationMillis: 10, labels: ["x"], color: "red", extra: { k: [1] } }),
  );
  t.deepEqual(fake.onlyCall("UpdateSample").request, {
    uuid: UUID,
    name: "n",
    duration_millis: 10,
    labels: ["x"],
    color: "COLOR_RED",
    extra: { fields: { k: { listValue: { values: [{ numberValue: 1 }] } } } },
  });
});

test("the path wins over the body and the body over the query string", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("UpdateSample", {});
  await call(
    `${origin}/sample/v1/samples/${UUID}?uuid=from-query&name=from-query&count=1&ratio=0.5`,
    jsonInit("PUT", { uuid: "from-body", name: "from-body", count: 2 }),
  );
  t.deepEqual(fake.onlyCall("UpdateSample").request, { uuid: UUID, name: "from-body", count: 2, ratio: 0.5 });
});

test("query keys are accepted in snake and camel case and repeated keys fill repeated fields", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSamples", {});
  fake.reply("GetSample", {});
  await call(`${origin}/sample/v1/samples?limit=10&offset=20&colors=red&colors=COLOR_GREEN&unknown=1`);
  await call(`${origin}/sample/v1/samples/${UUID}?withPayload=TRUE`);
  t.deepEqual(fake.onlyCall("ListSamples").request, {
    limit: 10,
    offset: 20,
    colors: ["COLOR_RED", "COLOR_GREEN"],
  });
  t.deepEqual(fake.onlyCall("GetSample").request, { uuid: UUID, with_payload: true });
});

test("a path parameter is percent-decoded exactly once", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", {});
  const uri = "http://host/video 1%2B.mp4";
  await call(`${origin}/sample/v1/samples/${encodeURIComponent(uri)}`);
  t.is(fake.onlyCall("GetSample").request.uuid, uri);
});

test("a multipart body gives text fields as values and file parts as bytes", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("UploadSamplePayload", {});
  const form = new FormData();
  form.set("caption", "a frame");
  form.set("file", new Blob([Buffer.from([0xff, 0xd8, 0x00, 0x01])], { type: "image/jpeg" }), "frame.jpg");
  const reply = await call(`${origin}/sample/v1/samples/${UUID}/payload`, { method: "POST", body: form });
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("UploadSamplePayload").request, {
    uuid: UUID,
    caption: "a frame",
    file: Buffer.from([0xff, 0xd8, 0x00, 0x01]).toString("base64"),
  });
});

test("multipart fields can fill the message field the route names", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("CreateSample", {});
  const form = new FormData();
  form.set("name", "m");
  form.set("count", "4");
  form.set("payload", new Blob([Buffer.from("raw")]), "raw.bin");
  await call(`${origin}/sample/v1/samples`, { method: "POST", body: form });
  t.deepEqual(fake.onlyCall("CreateSample").request, {
    sample: { name: "m", count: 4, payload: Buffer.from("raw").toString("base64") },
  });
});

test("a text body goes whole into the string field the route names", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("SetSampleNote", {});
  const note = "line one\nline two\t{not json}";
  const reply = await call(`${origin}/sample/v1/samples/${UUID}/note`, {
    method: "PUT",
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: note,
  });
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("SetSampleNote").request, { uuid: UUID, note });
});

test("a field that does not coerce is a 400 JSON body naming it, and nothing is called", async (t) => {
  const { origin, fake } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/samples`, jsonInit("POST", { duration_millis: "soon" }));
  t.is(reply.status, 400);
  t.deepEqual(reply.body, { message: "duration_millis must be an integer", responseCode: 400 });
  const query = await call(`${origin}/sample/v1/samples?limit=ten`);
  t.deepEqual(query.body, { message: "limit must be an integer", responseCode: 400 });
  const path = await call(
    `${origin}/sample/v1/samples/${UUID}`,
    jsonInit("PUT", { recordedTimestamp: "noon" }),
  );
  t.deepEqual(path.body, { message: "recordedTimestamp must be an ISO-8601 timestamp", responseCode: 400 });
  t.is(fake.calls.length, 0);
});

test("malformed JSON is a 400 JSON body", async (t) => {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/samples`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"name": ',
  });
  t.is(reply.status, 400);
  t.like(reply.body, { responseCode: 400 });
  t.regex((reply.body as { message: string }).message, /^Malformed JSON body: .*JSON/);
});

test('a JSON body that is not an object is a 400 for body "*"', async (t) => {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, jsonInit("PUT", ["name"]));
  t.is(reply.status, 400);
  t.deepEqual(reply.body, { message: "request body must be a JSON object", responseCode: 400 });
});

test("a form or multipart body on a route that takes neither is a 415 JSON body naming what it takes", async (t) => {
  const { origin } = await startHarness(t, {
    routes: {
      ...sampleRoutes,
      routes: sampleRoutes.routes.map((route) =>
        route.rpc.endsWith("/UpdateSample") ? { ...route, bodyEncodings: ["json"] } : route,
      ),
    },
  });
  const form = await call(`${origin}/sample/v1/samples/${UUID}`, {
    method: "PUT",
    body: new URLSearchParams({ name: "x" }),
  });
  t.is(form.status, 415);
  t.deepEqual(form.body, {
    message: "Unsupported content type application/x-www-form-urlencoded;charset=UTF-8; use application/json",
    responseCode: 415,
  });
  const json = await call(`${origin}/sample/v1/samples/${UUID}/note`, jsonInit("PUT", { note: "x" }));
  t.is(json.status, 415);
});

for (const contentType of [
  "text/plain;charset=UTF-8",
  "application/json; charset=ISO-8859-1",
  "application/xml",
]) {
  test(`a JSON body sent as ${contentType} is decoded as JSON, as the legacy services did`, async (t) => {
    const { origin, fake } = await startHarness(t);
    fake.reply("UpdateSample", {});
    const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
      method: "PUT",
      headers: { "content-type": contentType },
      body: JSON.stringify({ name: "caf\u00e9", count: 3 }),
    });
    t.is(reply.status, 200);
    t.deepEqual(fake.onlyCall("UpdateSample").request, { uuid: UUID, name: "café", count: 3 });
  });
}

test("a JSON body without a content type is decoded as JSON on a route that also takes forms", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("UpdateSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
    method: "PUT",
    body: Buffer.from(' \n{"name":"json","count":4}'),
  });
  t.is(reply.status, 200);
  t.deepEqual(fake.onlyCall("UpdateSample").request, { uuid: UUID, name: "json", count: 4 });
});

test("an unparseable JSON body under any content type is a 400 naming the problem, and nothing is called", async (t) => {
  const { origin, fake } = await startHarness(t);
  for (const headers of [{ "content-type": "text/plain" }, {}] as Record<string, string>[]) {
    const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
      method: "PUT",
      headers,
      body: '{"name": ',
    });
    t.is(reply.status, 400);
    t.regex((reply.body as { message: string }).message, /^Malformed JSON body: /);
  }
  t.is(fake.calls.length, 0);
});

test("a text/plain body stays text on a route that takes text", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("SetSampleNote", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}/note`, {
    method: "PUT",
    headers: { "content-type": "text/plain" },
    body: '{"looks":"like JSON"}',
  });
  t.is(reply.status, 200);
  t.like(fake.onlyCall("SetSampleNote").request, { note: '{"looks":"like JSON"}' });
});

test("a body over the limit is a 413 JSON body", async (t) => {
  const { origin, fake } = await startHarness(t, { gateway: { maxBodyBytes: 1024, maxUploadBytes: 2048 } });
  const reply = await call(`${origin}/sample/v1/samples`, jsonInit("POST", { name: "x".repeat(2000) }));
  t.is(reply.status, 413);
  t.deepEqual(reply.body, { message: "Request body is larger than 1024 bytes", responseCode: 413 });
  const form = new FormData();
  form.set("file", new Blob([Buffer.alloc(4096)]), "big.bin");
  const upload = await call(`${origin}/sample/v1/samples/${UUID}/payload`, { method: "POST", body: form });
  t.is(upload.status, 413);
  t.deepEqual(upload.body, { message: "Request body is larger than 2048 bytes", responseCode: 413 });
  t.is(fake.calls.length, 0);
});
