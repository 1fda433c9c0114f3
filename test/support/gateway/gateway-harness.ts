import type { ExecutionContext } from "ava";
import { pino } from "pino";
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import type { GatewayOptions } from "../../../gateway/src/server/gateway-app.js";
import { startGateway } from "../../../gateway/src/server/gateway-listener.js";
import { FakeSampleServer, FIXTURE_PROTO_ROOT } from "./fake-sample-server.js";
import { sampleRoutes } from "./sample-routes.js";
import { type TestTransport, targetOf } from "./test-transport.js";

export interface Harness {
  /** The gateway's origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  fake: FakeSampleServer;
}

export const silentLogger = pino({ level: "silent" });

/** Options for a gateway over the fixture protos; targets must be given. */
export function gatewayOptions(targets: GatewayOptions["targets"]): GatewayOptions {
  return { targets, protoRoot: FIXTURE_PROTO_ROOT, logger: silentLogger };
}

/**
 * A fake SampleService and a gateway in front of it, both on free ports, stopped after the test;
 * the gateway calls the fake through the transport M3_TEST_TRANSPORT names (gRPC by default).
 */
export async function startHarness(
  t: ExecutionContext,
  options: { routes?: ServiceRoutes; gateway?: Partial<GatewayOptions>; transport?: TestTransport } = {},
): Promise<Harness> {
  const fake = await FakeSampleServer.start();
  t.teardown(() => fake.close());
  const gateway = await startGateway({
    ...gatewayOptions([targetOf(options.routes ?? sampleRoutes, fake, options.transport)]),
    ...options.gateway,
    port: 0,
    host: "127.0.0.1",
  });
  t.teardown(() => gateway.close());
  return { origin: `http://127.0.0.1:${gateway.port}`, fake };
}

/** Response status, headers and body (parsed when JSON). */
export async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const response = await fetch(url, init);
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  return {
    status: response.status,
    headers: response.headers,
    body: json ? JSON.parse(text) : undefined,
    text,
  };
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}
