import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { pino } from "pino";
import { CaptureAccessGuard } from "../../../services/capture/handlers/capture-access.guard.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import type { CallContext } from "../../../services/kit/grpc/bind-service.js";

const ISSUER = "http://www.mbari.org";
const platformTokens = new TokenService({ signingSecret: "platform-secret", issuer: ISSUER });
const guard = new CaptureAccessGuard(["secret", "next-secret"], platformTokens);

function contextWith(headers: { apiKey?: string; authorization?: string }): CallContext {
  const metadata = new grpc.Metadata();
  if (headers.apiKey !== undefined) metadata.set("x-api-key", headers.apiKey);
  if (headers.authorization !== undefined) metadata.set("authorization", headers.authorization);
  return {
    requestId: "r",
    logger: pino({ level: "silent" }),
    metadata,
    authorization: undefined,
    clientAddress: "127.0.0.1",
    signal: new AbortController().signal,
  };
}

async function refusal(headers: { apiKey?: string; authorization?: string }): Promise<string | undefined> {
  const error = await guardRejects(headers);
  return error?.code === "UNAUTHENTICATED" ? error.message : `not a 401: ${error?.code}`;
}

async function guardRejects(headers: { apiKey?: string; authorization?: string }) {
  try {
    await guard.check(contextWith(headers));
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

test("the capture guard accepts the keys and answers a missing or wrong one with distinct 401 messages", async (t) => {
  await t.notThrowsAsync(guard.check(contextWith({ apiKey: "secret" })));
  await t.notThrowsAsync(guard.check(contextWith({ apiKey: "next-secret" })));
  t.is(await refusal({}), "Missing X-Api-Key");
  t.is(await refusal({ apiKey: "secreT" }), "Invalid X-Api-Key");
});

test("the capture guard accepts a kb user's bearer token signed with the platform's secret", async (t) => {
  const userToken = await platformTokens.issue({ sub: "7", name: "demo-annotator", role: "Annotator" });
  await t.notThrowsAsync(guard.check(contextWith({ authorization: `Bearer ${userToken}` })));
});

test("the capture guard refuses other tokens, and a wrong key even beside a good token", async (t) => {
  const userToken = await platformTokens.issue({ name: "demo-annotator", role: "Annotator" });
  const foreign = await new TokenService({ signingSecret: "another-secret", issuer: ISSUER }).issue({
    name: "someone",
  });
  const serviceToken = await platformTokens.issue();
  t.is(await refusal({ authorization: `Bearer ${foreign}` }), "Invalid token");
  t.is(await refusal({ authorization: "Bearer not.a.token" }), "Invalid token");
  t.regex((await refusal({ authorization: `Bearer ${serviceToken}` })) ?? "", /not a kb user's/);
  t.is(await refusal({ authorization: `APIKEY secret` }), "Missing X-Api-Key");
  t.is(await refusal({ apiKey: "wrong", authorization: `Bearer ${userToken}` }), "Invalid X-Api-Key");
});
