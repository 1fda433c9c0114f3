import test from "ava";
import { readConfigProcessConfig, readConfigSettings } from "../../../services/config/config.js";

test("without settings the config service uses the static list, 180-day tokens and a 5 s health cache", (t) => {
  t.deepEqual(readConfigSettings({}), {
    kbGrpcAddress: undefined,
    publicUrl: "http://localhost:8080/config",
    tokenTtlSeconds: 15_552_000,
    loginFileKey: undefined,
    healthCacheMillis: 5000,
    kube: undefined,
    staticEndpoints: [],
  });
});

test("settings are read from their M3_ variables", (t) => {
  const settings = readConfigSettings({
    M3_KB_GRPC_ADDRESS: "127.0.0.1:50051",
    M3_CONFIG_PUBLIC_URL: "https://m3.example.org/config/",
    M3_CONFIG_TOKEN_TTL_SECONDS: "3600",
    M3_CONFIG_LOGIN_FILE_KEY: "k",
    M3_CONFIG_HEALTH_CACHE_MILLIS: "0",
    M3_CONFIG_ENDPOINTS: '[{"names":"annosaurus","url":"http://h/anno/v1","proxyPath":"/anno"}]',
  });
  t.like(settings, {
    kbGrpcAddress: "127.0.0.1:50051",
    publicUrl: "https://m3.example.org/config",
    tokenTtlSeconds: 3600,
    loginFileKey: "k",
    healthCacheMillis: 0,
  });
  t.deepEqual(
    settings.staticEndpoints.map((entry) => entry.names),
    [["annosaurus"]],
  );
});

test("a bad setting fails at start, naming the variable", (t) => {
  t.throws(() => readConfigProcessConfig({ M3_CONFIG_ENDPOINTS: "[1]" }), {
    message: /M3_CONFIG_ENDPOINTS\[0\]/,
  });
  t.throws(() => readConfigProcessConfig({ M3_CONFIG_TOKEN_TTL_SECONDS: "soon" }), {
    message: /M3_CONFIG_TOKEN_TTL_SECONDS must be an integer/,
  });
});
