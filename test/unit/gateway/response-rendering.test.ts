import test from "ava";
import { call, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";

const UUID = "0190a9e4-5b3c-7d2e-8f10-123456789abc";

const FULL_SAMPLE = {
  uuid: UUID,
  name: "dive 1",
  count: 3,
  total_bytes: 8_000_000_000,
  ratio: 29.97,
  enabled: true,
  color: 2,
  recorded_timestamp: { seconds: 1609459200, nanos: 123456000 },
  payload: Buffer.from("hi"),
  labels: ["a", "b"],
  scores: [1, 2],
  main_tag: { key: "k", weight: 1 },
  tags: [{ key: "t" }],
  counters: { x: 1 },
  description: "desc",
  duration_millis: 1500,
  extra: { fields: { depth: { numberValue: 10 }, names: { listValue: { values: [{ stringValue: "n" }] } } } },
  rank: 7,
  palette: [1],
};

test("a message renders every field in declaration order with its JSON form", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", FULL_SAMPLE);
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.is(reply.status, 200);
  t.is(reply.headers.get("content-type"), "application/json; charset=utf-8");
  t.is(
    reply.text,
    JSON.stringify({
      uuid: UUID,
      name: "dive 1",
      count: 3,
      total_bytes: 8000000000,
      ratio: 29.97,
      enabled: true,
      color: "COLOR_GREEN",
      recorded_timestamp: "2021-01-01T00:00:00.123456Z",
      payload: "aGk=",
      labels: ["a", "b"],
      scores: [1, 2],
      main_tag: { key: "k", weight: 1 },
      tags: [{ key: "t", weight: 0 }],
      counters: { x: 1 },
      description: "desc",
      duration_millis: 1500,
      extra: { depth: 10, names: ["n"] },
      rank: 7,
      palette: ["COLOR_RED"],
    }),
  );
});

test('with nulls "omit" unset optional and message fields are left out; scalars and lists always print', async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", { uuid: UUID });
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.deepEqual(reply.body, {
    uuid: UUID,
    name: "",
    count: 0,
    total_bytes: 0,
    ratio: 0,
    enabled: false,
    color: "COLOR_UNSPECIFIED",
    payload: "",
    labels: [],
    scores: [],
    tags: [],
    counters: {},
    rank: 0,
    palette: [],
  });
});

test('with nulls "null" and camel casing unset fields with presence print as null under camelCase keys', async (t) => {
  const { origin, fake } = await startHarness(t, {
    routes: { ...sampleRoutes, casing: "camel", nulls: "null" },
  });
  fake.reply("GetSample", { uuid: UUID, total_bytes: 5 });
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.deepEqual(reply.body, {
    uuid: UUID,
    name: "",
    count: 0,
    totalBytes: 5,
    ratio: 0,
    enabled: false,
    color: "COLOR_UNSPECIFIED",
    recordedTimestamp: null,
    payload: "",
    labels: [],
    scores: [],
    mainTag: null,
    tags: [],
    counters: {},
    description: null,
    durationMillis: null,
    extra: null,
    rank: 0,
    palette: [],
  });
});

test("a route's casing overrides its service's, nested messages included", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", { main_tag: { key: "k" }, duration_millis: 2 });
  const reply = await call(`${origin}/sample/v1/camel/samples/${UUID}`);
  const body = reply.body as Record<string, unknown>;
  t.deepEqual(body.mainTag, { key: "k", weight: 0 });
  t.is(body.durationMillis, 2);
  t.false("main_tag" in body);
});

test("timestamps print the fraction only when non-zero, in groups of three digits", async (t) => {
  const { origin, fake } = await startHarness(t);
  const cases: Array<[number, string]> = [
    [0, "2021-01-01T00:00:00Z"],
    [120_000_000, "2021-01-01T00:00:00.120Z"],
    [123_456_000, "2021-01-01T00:00:00.123456Z"],
    [1_000, "2021-01-01T00:00:00.000001Z"],
  ];
  for (const [nanos, text] of cases) {
    fake.reply("GetSample", { recorded_timestamp: { seconds: 1609459200, nanos } });
    const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
    t.is((reply.body as { recorded_timestamp: string }).recorded_timestamp, text);
  }
});

test("responseBody renders only that field: a bare array, or a bare number", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSampleNames", { names: ["a", "b"] });
  fake.reply("CountSamples", { count: 12 });
  fake.reply("ListSamples", { samples: [{ uuid: UUID, description: "d" }], limit: 1 });
  t.is((await call(`${origin}/sample/v1/samples/names`)).text, '["a","b"]');
  t.is((await call(`${origin}/sample/v1/samples/count`)).text, "12");
  const list = await call(`${origin}/sample/v1/samples`);
  t.is((list.body as Array<Record<string, unknown>>)[0]?.description, "d");
  t.true(Array.isArray(list.body));
});

test("an empty repeated responseBody renders as []", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSampleNames", {});
  const reply = await call(`${origin}/sample/v1/samples/names`);
  t.is(reply.status, 200);
  t.is(reply.text, "[]");
});

test("a page renders its list and numbers", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSamples", { limit: 5 });
  const reply = await call(`${origin}/sample/v1/pages/samples?limit=5`);
  t.deepEqual(reply.body, { samples: [], limit: 5, offset: 0 });
});

test("a 204 route answers with no body", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("DeleteSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, { method: "DELETE" });
  t.is(reply.status, 204);
  t.is(reply.text, "");
  t.deepEqual(fake.onlyCall("DeleteSample").request, { uuid: UUID });
});

test("an http-body route sends the bytes with their content type and a filename as attachment", async (t) => {
  const { origin, fake } = await startHarness(t);
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
  fake.reply("GetSamplePayload", { content_type: "image/png", data: bytes, filename: "frame 1.png" });
  const response = await fetch(`${origin}/sample/v1/samples/${UUID}/payload`);
  t.is(response.status, 200);
  t.is(response.headers.get("content-type"), "image/png");
  t.is(response.headers.get("content-disposition"), 'attachment; filename="frame 1.png"');
  t.deepEqual(Buffer.from(await response.arrayBuffer()), bytes);
});

test("an http-body route without a filename sends the bytes inline", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSamplePayload", { content_type: "text/tab-separated-values", data: Buffer.from("a\tb\n") });
  const response = await fetch(`${origin}/sample/v1/samples/${UUID}/payload`);
  t.is(response.headers.get("content-type"), "text/tab-separated-values");
  t.is(response.headers.get("content-disposition"), null);
  t.is(await response.text(), "a\tb\n");
});

test("an http-body route's replyHeaders send string fields of the reply as headers, an empty one as none", async (t) => {
  const { origin, fake } = await startHarness(t, {
    routes: {
      ...sampleRoutes,
      routes: sampleRoutes.routes.map((route) =>
        route.rpc.endsWith("/GetSamplePayload")
          ? { ...route, replyHeaders: { "X-Payload-Name": "filename", "X-Kind": "content_type" } }
          : route,
      ),
    },
  });
  fake.reply("GetSamplePayload", { content_type: "image/png", data: Buffer.from([1]) });
  const response = await fetch(`${origin}/sample/v1/samples/${UUID}/payload`);
  t.is(response.headers.get("x-kind"), "image/png");
  t.is(response.headers.get("x-payload-name"), null);
});

test('a route with nulls "omit-empty" also leaves out empty lists, keeping non-empty ones', async (t) => {
  const { origin, fake } = await startHarness(t, {
    routes: {
      ...sampleRoutes,
      routes: sampleRoutes.routes.map((route) =>
        route.rpc.endsWith("/GetSample") ? { ...route, nulls: "omit-empty" } : route,
      ),
    },
  });
  fake.reply("GetSample", { uuid: UUID, labels: ["a"] });
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.deepEqual(reply.body, {
    uuid: UUID,
    name: "",
    count: 0,
    total_bytes: 0,
    ratio: 0,
    enabled: false,
    color: "COLOR_UNSPECIFIED",
    payload: "",
    labels: ["a"],
    counters: {},
    rank: 0,
  });
});
