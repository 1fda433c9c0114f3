import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { AuthServiceClient, type CreateTokenResponse } from "../../../proto/gen/m3/common/v1/auth.js";
import {
  type GetHealthStatusResponse,
  HealthStatusServiceClient,
} from "../../../proto/gen/m3/common/v1/health.js";
import { createAuthServiceBinding } from "../../../services/kit/auth/auth-service.binding.js";
import { createHealthStatusBinding } from "../../../services/kit/auth/health-status.binding.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import {
  callUnary,
  type ProbeResponse,
  probeBinding,
  silentLogger,
  startProbeServer,
} from "./probe-service.js";

const API_KEY = "the-client-secret";
const tokens = new TokenService({ signingSecret: "signing-secret", issuer: "http://www.mbari.org" });
const probe = await startProbeServer(
  [
    createAuthServiceBinding({ apiKeys: [API_KEY], tokens }),
    createHealthStatusBinding({
      application: "vampire-squid",
      description: "Video Asset Manager",
      version: "1.2.3",
    }),
    probeBinding(tokens),
  ],
  silentLogger(),
);
const auth = new AuthServiceClient(probe.server.address, grpc.credentials.createInsecure());
const health = new HealthStatusServiceClient(probe.server.address, grpc.credentials.createInsecure());

test.after.always(async () => {
  auth.close();
  health.close();
  await probe.close();
});

const createToken = (authorization?: string) =>
  callUnary<CreateTokenResponse>(
    auth,
    "createToken",
    {},
    authorization === undefined ? {} : { authorization },
  );
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: grpc.ServiceError) => ({ code: error.code, details: error.details }),
  );

for (const scheme of ["APIKEY", "ApiKey", "apikey"]) {
  test(`CreateToken accepts the ${scheme} scheme and returns a bearer token that opens protected methods`, async (t) => {
    const response = await createToken(`${scheme} ${API_KEY}`);
    t.is(response.tokenType, "Bearer");
    await t.notThrowsAsync(tokens.verify(response.accessToken));
    const written = await callUnary<ProbeResponse>(
      probe.client,
      "write",
      {},
      { authorization: `Bearer ${response.accessToken}` },
    );
    t.is(written.text, "written");
  });
}

test("CreateToken with a wrong key is UNAUTHENTICATED 'Invalid API key'", async (t) => {
  t.deepEqual(await failureOf(createToken("APIKEY wrong-key")), {
    code: grpc.status.UNAUTHENTICATED,
    details: "Invalid API key",
  });
});

for (const header of [
  "APIKEY",
  `APIKEY ${API_KEY} extra`,
  `APIKEY  ${API_KEY}`,
  `Basic ${API_KEY}`,
  "Bearer x",
]) {
  test(`CreateToken with the header ${JSON.stringify(header)} is UNAUTHENTICATED 'Invalid Authorization header'`, async (t) => {
    t.deepEqual(await failureOf(createToken(header)), {
      code: grpc.status.UNAUTHENTICATED,
      details: "Invalid Authorization header",
    });
  });
}

test("CreateToken without an authorization header is UNAUTHENTICATED 'Missing API key'", async (t) => {
  t.deepEqual(await failureOf(createToken()), {
    code: grpc.status.UNAUTHENTICATED,
    details: "Missing API key",
  });
});

test("GetHealthStatus reports the runtime and the application's identity", async (t) => {
  const status = await callUnary<GetHealthStatusResponse>(health, "getHealthStatus", {});
  t.is(status.jdkVersion, process.versions.node);
  t.true(status.availableProcessors >= 1);
  t.true(status.freeMemory > 0);
  t.true(status.totalMemory > 0);
  t.true(status.maxMemory >= status.totalMemory);
  t.like(status, { application: "vampire-squid", description: "Video Asset Manager", version: "1.2.3" });
});
