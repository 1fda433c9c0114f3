import test from "ava";
import { call, jsonInit, startHarness } from "../../support/gateway/gateway-harness.js";

const UUID = "0190a9e4-5b3c-7d2e-8f10-123456789abc";
const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

test("Authorization, X-Api-Key, X-Request-Id and traceparent travel as gRPC metadata", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("CreateSample", {});
  const reply = await call(
    `${origin}/sample/v1/samples`,
    jsonInit(
      "POST",
      { name: "x" },
      {
        authorization: "Bearer abc.def.ghi",
        "x-api-key": "key-1",
        "x-request-id": "req-42",
        traceparent: TRACEPARENT,
      },
    ),
  );
  t.is(reply.status, 200);
  const { metadata } = fake.onlyCall("CreateSample");
  t.is(metadata.authorization, "Bearer abc.def.ghi");
  t.is(metadata["x-api-key"], "key-1");
  t.is(metadata["x-request-id"], "req-42");
  t.is(metadata.traceparent, TRACEPARENT);
  t.is(reply.headers.get("x-request-id"), "req-42");
});

test("a forwarded header gRPC metadata cannot carry (a byte outside printable ASCII) is a 400 naming it, and no call is made", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
    headers: { authorization: "Bearer caf\u00e9", traceparent: TRACEPARENT },
  });
  t.is(reply.status, 400);
  t.regex(reply.text, /authorization header holds characters other than printable ASCII/);
  t.deepEqual(fake.calls, []);
});

test("a request without X-Request-Id gets a new UUID, echoed and forwarded", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  const id = reply.headers.get("x-request-id") ?? "";
  t.regex(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  t.is(fake.onlyCall("GetSample").metadata["x-request-id"], id);
  t.false("authorization" in fake.onlyCall("GetSample").metadata);
});

test("error replies carry the request id too", async (t) => {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/nowhere`, { headers: { "x-request-id": "req-404" } });
  t.is(reply.status, 404);
  t.is(reply.headers.get("x-request-id"), "req-404");
});

test("a CORS preflight is a 204 allowing the methods and headers clients send", async (t) => {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/samples`, {
    method: "OPTIONS",
    headers: { origin: "http://editor.example", "access-control-request-method": "POST" },
  });
  t.is(reply.status, 204);
  t.is(reply.headers.get("access-control-allow-origin"), "*");
  t.regex(reply.headers.get("access-control-allow-methods") ?? "", /POST/);
  const headers = (reply.headers.get("access-control-allow-headers") ?? "").toLowerCase();
  for (const header of ["authorization", "content-type", "x-api-key", "x-request-id"])
    t.true(headers.includes(header));
});

test("responses carry the configured CORS origin", async (t) => {
  const { origin, fake } = await startHarness(t, { gateway: { corsOrigin: "http://editor.example" } });
  fake.reply("GetSample", {});
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`, {
    headers: { origin: "http://editor.example" },
  });
  t.is(reply.headers.get("access-control-allow-origin"), "http://editor.example");
  t.regex(reply.headers.get("vary") ?? "", /Origin/);
});
