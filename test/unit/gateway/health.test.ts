import test from "ava";
import { startGateway } from "../../../gateway/src/server/gateway-listener.js";
import { FakeSampleServer } from "../../support/gateway/fake-sample-server.js";
import { call, gatewayOptions, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";
import { downTarget, targetOf } from "../../support/gateway/test-transport.js";

test("/healthz answers ok without asking the domains", async (t) => {
  const gateway = await startGateway({
    ...gatewayOptions([{ routes: sampleRoutes, address: "127.0.0.1:1" }]),
    port: 0,
    host: "127.0.0.1",
  });
  t.teardown(() => gateway.close());
  const reply = await call(`http://127.0.0.1:${gateway.port}/healthz`);
  t.is(reply.status, 200);
  t.deepEqual(reply.body, { status: "ok" });
});

test("/status is 200 when every domain reports SERVING", async (t) => {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/status`);
  t.is(reply.status, 200);
  t.deepEqual(reply.body, { status: "ok", domains: { sample: "SERVING" }, databases: {} });
});

test("/status reports a domain's unreachable database as degraded, still 200", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.setDatabaseServing(true);
  const up = await call(`${origin}/status`);
  t.deepEqual(up.body, { status: "ok", domains: { sample: "SERVING" }, databases: { sample: "ok" } });
  fake.setDatabaseServing(false);
  const down = await call(`${origin}/status`);
  t.is(down.status, 200);
  t.deepEqual(down.body, {
    status: "degraded",
    domains: { sample: "SERVING" },
    databases: { sample: "unreachable" },
  });
});

// Serial: gateways of one process add up their samples of m3_gateway_domain_up.
test.serial(
  "/status is 503 with each domain's state when one is down or not serving, while /readyz stays 200",
  async (t) => {
    const fake = await FakeSampleServer.start();
    t.teardown(() => fake.close());
    fake.setServing(false);
    const gateway = await startGateway({
      ...gatewayOptions([
        targetOf(sampleRoutes, fake),
        downTarget({ ...sampleRoutes, domain: "down", basePath: "/down" }),
      ]),
      port: 0,
      host: "127.0.0.1",
    });
    t.teardown(() => gateway.close());
    const origin = `http://127.0.0.1:${gateway.port}`;
    const reply = await call(`${origin}/status`);
    t.is(reply.status, 503);
    t.deepEqual(reply.body, {
      status: "unavailable",
      domains: { sample: "NOT_SERVING", down: "UNAVAILABLE" },
      databases: {},
    });
    const readiness = await call(`${origin}/readyz`);
    t.is(readiness.status, 200);
    t.deepEqual(readiness.body, { status: "ok" });
    const metrics = await call(`${origin}/metrics`);
    t.regex(metrics.text, /m3_gateway_domain_up\{domain="sample"\} 0/);
    t.regex(metrics.text, /m3_gateway_domain_up\{domain="down"\} 0/);
  },
);

test.serial("/metrics shows m3_gateway_domain_up 1 for a domain that answers SERVING", async (t) => {
  const { origin } = await startHarness(t);
  const metrics = await call(`${origin}/metrics`);
  t.regex(metrics.text, /m3_gateway_domain_up\{domain="sample"\} 1/);
});

test("/metrics exposes the request duration histogram by method, route template and status", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", {});
  await call(`${origin}/sample/v1/samples/abc`);
  await call(`${origin}/sample/v1/missing`);
  const reply = await call(`${origin}/metrics`);
  t.is(reply.status, 200);
  t.regex(reply.headers.get("content-type") ?? "", /^text\/plain/);
  t.regex(
    reply.text,
    /http_request_duration_seconds_count\{method="GET",route="\/sample\/v1\/samples\/\{uuid\}",status="200"\} 1/,
  );
  t.regex(reply.text, /http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1/);
  t.regex(reply.text, /process_cpu_seconds_total/);
});
