import type * as grpc from "@grpc/grpc-js";
import { status } from "@grpc/grpc-js";
import test from "ava";
import { SignJWT } from "jose";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { bindService } from "../../../services/kit/grpc/bind-service.js";
import { declareAccess, type MethodAccess } from "../../../services/kit/grpc/method-access.js";
import { isUuid } from "../../../services/kit/ids/uuid.js";
import { metricsText } from "../../../services/kit/metrics/metrics-registry.js";
import {
  callUnary,
  capturingLogger,
  PROBE_ACCESS,
  type ProbeResponse,
  ProbeService,
  probeBinding,
  startProbeServer,
} from "./probe-service.js";

const ISSUER = "http://www.mbari.org";
const SECRET = "probe-signing-secret";
const tokens = new TokenService({ signingSecret: SECRET, issuer: ISSUER });
const { logger, lines } = capturingLogger();
const probe = await startProbeServer([probeBinding(tokens, logger)], logger);

test.after.always(() => probe.close());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the call succeeded");
    },
    (error: grpc.ServiceError) => error,
  );

async function tokenWith(claims: { iss?: string; exp?: number; iat?: number }, secret = SECRET) {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS512", typ: "JWT" })
    .setIssuer(claims.iss ?? ISSUER)
    .setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000))
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 60)
    .sign(new TextEncoder().encode(secret));
}

test('a method declared "none" answers without a token', async (t) => {
  const response = await callUnary<ProbeResponse>(probe.client, "ping", { text: "hello" });
  t.is(response.text, "hello");
});

test(`a method declared "jwt" refuses a call without a token: UNAUTHENTICATED 'Missing token'`, async (t) => {
  const error = await rejection(callUnary(probe.client, "write", {}));
  t.is(error.code, status.UNAUTHENTICATED);
  t.is(error.details, "Missing token");
});

test('an APIKEY credential on a method declared "jwt" counts as a missing token', async (t) => {
  const error = await rejection(callUnary(probe.client, "write", {}, { authorization: "APIKEY secret" }));
  t.is(error.code, status.UNAUTHENTICATED);
  t.is(error.details, "Missing token");
});

const invalidTokens: [string, () => Promise<string>][] = [
  ["a malformed token", async () => "not.a.jwt"],
  ["an expired token", () => tokenWith({ iat: 1_600_000_000, exp: 1_600_000_100 })],
  ["a token from another issuer", () => tokenWith({ iss: "https://elsewhere.example" })],
  ["a token signed with another secret", () => tokenWith({}, "another-secret")],
];
for (const [kind, token] of invalidTokens) {
  test(`${kind} is UNAUTHENTICATED 'Invalid token'`, async (t) => {
    const authorization = `Bearer ${await token()}`;
    const error = await rejection(callUnary(probe.client, "write", {}, { authorization }));
    t.is(error.code, status.UNAUTHENTICATED);
    t.is(error.details, "Invalid token");
  });
}

test(`a valid bearer token opens a method declared "jwt", whatever the scheme's case`, async (t) => {
  const token = await tokens.issue();
  for (const scheme of ["Bearer", "bearer"]) {
    const response = await callUnary<ProbeResponse>(
      probe.client,
      "write",
      {},
      { authorization: `${scheme} ${token}` },
    );
    t.is(response.text, "written");
  }
});

test("a DomainError becomes its status with the message as details and the reason in metadata", async (t) => {
  const error = await rejection(callUnary(probe.client, "fail", { failure: "domain" }));
  t.is(error.code, status.INVALID_ARGUMENT);
  t.is(error.details, "name must not be blank");
  t.deepEqual(error.metadata.get("m3-error-reason"), ["BAD_NAME"]);
  t.deepEqual(error.metadata.get("m3-error-field"), ["name"]);
  t.deepEqual(error.metadata.get("m3-error-videouuid"), ["%C3%BC-1"]);
});

test("any other error is INTERNAL 'Internal server error' and its cause is only logged", async (t) => {
  const error = await rejection(
    callUnary(probe.client, "fail", { failure: "crash" }, { "x-request-id": "crash-1" }),
  );
  t.is(error.code, status.INTERNAL);
  t.is(error.details, "Internal server error");
  t.false(JSON.stringify(error.metadata.getMap()).includes("hunter2"));
  const logged = lines.find((line) => line.requestId === "crash-1" && line.level === 50);
  t.truthy(logged);
  t.regex(JSON.stringify(logged?.err), /hunter2/);
});

test("the x-request-id metadata reaches the call context and the current logger", async (t) => {
  const response = await callUnary<ProbeResponse>(probe.client, "ping", {}, { "x-request-id": "req-42" });
  t.is(response.requestId, "req-42");
  const logged = lines.find((line) => line.probe === "ping" && line.requestId === "req-42");
  t.is(logged?.method, "m3.testing.v1.ProbeService/Ping");
});

test("a call without x-request-id gets a fresh uuid", async (t) => {
  const first = await callUnary<ProbeResponse>(probe.client, "ping", {});
  const second = await callUnary<ProbeResponse>(probe.client, "ping", {});
  t.true(isUuid(first.requestId));
  t.not(first.requestId, second.requestId);
});

test("handled calls are counted by service, method and code", async (t) => {
  await rejection(callUnary(probe.client, "write", {}));
  const text = await metricsText();
  t.regex(
    text,
    /grpc_server_handled_total\{grpc_service="m3.testing.v1.ProbeService",grpc_method="Write",grpc_code="UNAUTHENTICATED"\} [1-9]/,
  );
  t.regex(
    text,
    /grpc_server_handling_seconds_count\{grpc_service="m3.testing.v1.ProbeService",grpc_method="Ping"\}/,
  );
});

/** The kinds whose credentials the handler checks itself (it trades them for a token, or verifies one). */
const CHECKED_BY_HANDLER: readonly MethodAccess[] = [
  "jwt-checked-by-handler",
  "apikey",
  "basic",
  "x-api-key-or-basic",
  "x-api-key-or-jwt",
];
for (const access of CHECKED_BY_HANDLER) {
  test(`a method declared "${access}" is let through without a token, for its handler to check`, async (t) => {
    const declaration = declareAccess(ProbeService, { ...PROBE_ACCESS.methods, write: access });
    const server = await startProbeServer([probeBinding(tokens, logger, declaration)], logger);
    t.teardown(() => server.close());
    const response = await callUnary<ProbeResponse>(server.client, "write", {});
    t.is(response.text, "written");
  });
}

test("binding rejects a method without a declared access, another service's declaration and a missing handler", (t) => {
  const handlers = {
    ping: async () => ({ text: "", requestId: "" }),
    write: async () => ({ text: "", requestId: "" }),
    fail: async () => ({ text: "", requestId: "" }),
    slow: async () => ({ text: "", requestId: "" }),
  };
  const { slow: _undeclared, ...declared } = PROBE_ACCESS.methods;
  const partial = { definition: ProbeService, methods: declared as typeof PROBE_ACCESS.methods };
  t.throws(() => bindService(ProbeService, handlers, { declaration: partial, tokens }), {
    message: /no access declared for \/m3.testing.v1.ProbeService\/Slow/,
  });
  const elsewhere = {
    ...ProbeService,
    slow: { ...ProbeService.slow, path: "/m3.testing.v1.ProbeService/Other" },
  };
  const misplaced = declareAccess(elsewhere, PROBE_ACCESS.methods) as typeof PROBE_ACCESS;
  t.throws(() => bindService(ProbeService, handlers, { declaration: misplaced, tokens }), {
    message: /access declared for \/m3.testing.v1.ProbeService\/Slow is another service's/,
  });
  const { slow: _slow, ...incomplete } = handlers;
  t.throws(
    () => bindService(ProbeService, incomplete as typeof handlers, { declaration: PROBE_ACCESS, tokens }),
    { message: /no handler for \/m3.testing.v1.ProbeService\/Slow/ },
  );
});

test("binding a bidirectional streaming method fails", (t) => {
  const streaming = {
    chat: { ...ProbeService.ping, requestStream: true as const, responseStream: true as const },
  };
  const declaration = declareAccess(streaming, { chat: "none" });
  t.throws(() => bindService(streaming, { chat: undefined as never }, { declaration, tokens }), {
    message: /bidirectional streaming/,
  });
});
