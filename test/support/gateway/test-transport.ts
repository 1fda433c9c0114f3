/**
 * Which transport the gateway under test calls its domains with: M3_TEST_TRANSPORT=grpc (a real
 * gRPC socket, as the split deployment does) or in-process (the all-in-one's direct calls).
 * Unset, each stack uses its own production default: gRPC for the gateway harnesses, in-process
 * for the e2e platform (as `npm start`). The same tests run under both and must pass alike.
 */
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import type { GatewayTarget } from "../../../gateway/src/server/gateway-app.js";
import { InProcessServer } from "../../../services/kit/grpc/in-process-server.js";
import { InProcessTransport } from "../../../services/kit/grpc/in-process-transport.js";

export type TestTransport = "grpc" | "in-process";

export function testTransport(fallback: TestTransport): TestTransport {
  const value = process.env.M3_TEST_TRANSPORT;
  if (value === undefined || value === "") return fallback;
  if (value === "grpc" || value === "in-process") return value;
  throw new Error(`M3_TEST_TRANSPORT must be grpc or in-process, got "${value}"`);
}

/** The harnesses' transport: gRPC unless M3_TEST_TRANSPORT says in-process. */
export const HARNESS_TRANSPORT = testTransport("grpc");

/** A target for a server reachable both ways, through the harnesses' transport. */
export function targetOf(
  routes: ServiceRoutes,
  server: { address: string; inProcess: InProcessServer },
  transport: TestTransport = HARNESS_TRANSPORT,
): GatewayTarget {
  return transport === "grpc"
    ? { routes, address: server.address }
    : { routes, transport: new InProcessTransport(routes.domain, server.inProcess) };
}

/** A target whose domain is down: nothing listens at its address, or its server has stopped. */
export function downTarget(
  routes: ServiceRoutes,
  transport: TestTransport = HARNESS_TRANSPORT,
): GatewayTarget {
  const stopped = new InProcessServer(routes.domain);
  stopped.stopAccepting();
  return targetOf(routes, { address: "127.0.0.1:1", inProcess: stopped }, transport);
}
