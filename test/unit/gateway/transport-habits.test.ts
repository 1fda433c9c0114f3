import test from "ava";
import { call, jsonInit, startHarness } from "../../support/gateway/gateway-harness.js";

const UUID = "0190a9e4-5b3c-7d2e-8f10-123456789abc";

test("a CORS preflight answers the methods, the headers real clients send and a max age", async (t) => {
  const { origin, fake } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
    method: "OPTIONS",
    headers: {
      Origin: "http://editor.example.org",
      "Access-Control-Request-Method": "PUT",
      "Access-Control-Request-Headers": "authorization,content-type,x-request-id",
    },
  });
  t.is(reply.status, 204);
  t.is(reply.headers.get("access-control-allow-origin"), "*");
  const methods = (reply.headers.get("access-control-allow-methods") ?? "").split(/,\s*/);
  for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE"]) t.true(methods.includes(method), method);
  const headers = (reply.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/,\s*/);
  for (const header of ["authorization", "content-type", "accept", "x-api-key", "x-request-id"]) {
    t.true(headers.includes(header), header);
  }
  t.true(Number(reply.headers.get("access-control-max-age")) >= 600);
  t.is(fake.calls.length, 0);
});

test("HEAD on a GET route answers its status and headers without a body", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSampleNames", { names: ["a", "b"] });
  const reply = await fetch(`${origin}/sample/v1/samples/names`, { method: "HEAD" });
  t.is(reply.status, 200);
  t.regex(reply.headers.get("content-type") ?? "", /^application\/json/);
  t.is(await reply.text(), "");
});

test("a trailing slash and doubled slashes reach the same route, the query string kept", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSamples", { samples: [] });
  for (const path of ["/sample/v1/samples/", "/sample//v1/samples", "//sample/v1///samples/"]) {
    const reply = await call(`${origin}${path}?limit=3`);
    t.is(reply.status, 200, path);
  }
  t.is(fake.calls.length, 3);
  t.like(fake.calls[2]?.request, { limit: 3 });
});

test("a page larger than 10,000 is a 400 naming the limit, and a list over 10,000 items too", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSamples", { samples: [] });
  t.is((await call(`${origin}/sample/v1/samples?limit=10000`)).status, 200);
  const page = await call(`${origin}/sample/v1/samples?limit=10001`);
  t.is(page.status, 400);
  t.deepEqual(page.body, { message: "limit must be at most 10000", responseCode: 400 });
  const labels = Array.from({ length: 10_001 }, (_, index) => `l${index}`);
  const list = await call(`${origin}/sample/v1/samples`, jsonInit("POST", { name: "x", labels }));
  t.is(list.status, 400);
  t.deepEqual(list.body, { message: "labels holds more than 10000 items", responseCode: 400 });
  t.is(fake.calls.length, 1);
});
