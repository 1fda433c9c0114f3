import test from "ava";
import { readDomainConfig } from "../../../services/kit/config/domain-config.js";

const secrets = { M3_API_KEY: "key", M3_SIGNING_SECRET: "secret" };

test("defaults apply when only the shared secrets are set", (t) => {
  t.deepEqual(readDomainConfig(secrets, "registry", { grpcPort: 50_053 }), {
    grpcHost: "0.0.0.0",
    grpcPort: 50_053,
    apiKey: "key",
    apiKeys: ["key"],
    signingSecret: "secret",
    previousSigningSecrets: [],
    jwtIssuer: "http://www.mbari.org",
    logLevel: "info",
    databaseUrl: undefined,
  });
});

test("per-domain settings win over the shared ones", (t) => {
  const env = {
    ...secrets,
    M3_GRPC_HOST: "10.0.0.1",
    M3_REGISTRY_GRPC_HOST: "127.0.0.1",
    M3_REGISTRY_GRPC_PORT: "6000",
    M3_REGISTRY_API_KEY: "own-key",
    M3_REGISTRY_SIGNING_SECRET: "own-secret",
    M3_JWT_ISSUER: "https://m3.example",
    M3_LOG_LEVEL: "debug",
    M3_DATABASE_URL: "mysql://shared/db",
    M3_REGISTRY_DATABASE_URL: "mysql://own/db",
  };
  t.deepEqual(readDomainConfig(env, "registry", { grpcPort: 1 }), {
    grpcHost: "127.0.0.1",
    grpcPort: 6000,
    apiKey: "own-key",
    apiKeys: ["own-key"],
    signingSecret: "own-secret",
    previousSigningSecrets: [],
    jwtIssuer: "https://m3.example",
    logLevel: "debug",
    databaseUrl: "mysql://own/db",
  });
});

test("the shared host and database URL apply to a domain without its own", (t) => {
  const config = readDomainConfig({ ...secrets, M3_GRPC_HOST: "::", M3_DATABASE_URL: "mysql://x/y" }, "kb", {
    grpcPort: 1,
  });
  t.like(config, { grpcHost: "::", databaseUrl: "mysql://x/y" });
});

test("a missing API key and signing secret are named, with their per-domain alternatives", (t) => {
  t.throws(() => readDomainConfig({}, "registry", { grpcPort: 1 }), {
    message:
      "registry: M3_REGISTRY_API_KEY or M3_API_KEY, and M3_REGISTRY_SIGNING_SECRET or M3_SIGNING_SECRET must be set (a non-empty secret string)",
  });
  t.throws(() => readDomainConfig({ M3_API_KEY: "k" }, "registry", { grpcPort: 1 }), {
    message:
      "registry: M3_REGISTRY_SIGNING_SECRET or M3_SIGNING_SECRET must be set (a non-empty secret string)",
  });
});

test("a bad port or log level fails naming the variable", (t) => {
  t.throws(() => readDomainConfig({ ...secrets, M3_KB_GRPC_PORT: "-1" }, "kb", { grpcPort: 1 }), {
    message: /^M3_KB_GRPC_PORT must be an integer from 0 to 65535/,
  });
  t.throws(() => readDomainConfig({ ...secrets, M3_LOG_LEVEL: "loud" }, "kb", { grpcPort: 1 }), {
    message: /^M3_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
  });
});

test("during a rotation several API keys are accepted and earlier signing secrets still verify", (t) => {
  const env = {
    ...secrets,
    M3_API_KEYS: " next-key, key ,,",
    M3_PREVIOUS_SIGNING_SECRETS: "old-secret,secret",
    M3_KB_API_KEYS: "kb-next",
  };
  t.like(readDomainConfig(env, "registry", { grpcPort: 1 }), {
    apiKey: "key",
    apiKeys: ["key", "next-key"],
    signingSecret: "secret",
    previousSigningSecrets: ["old-secret"],
  });
  t.deepEqual(readDomainConfig(env, "kb", { grpcPort: 1 }).apiKeys, ["key", "kb-next"]);
});
