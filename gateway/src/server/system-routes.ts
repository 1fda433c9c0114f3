import type Router from "@koa/router";
import type { DomainClient } from "../engine/grpc-caller.js";
import type { GatewayMetrics } from "./gateway-metrics.js";
import { checkHealth } from "./grpc-health.js";

const READINESS_TIMEOUT_MILLIS = 1000;

/** `/healthz` (the process is up), `/readyz` (every domain answers SERVING) and `/metrics`. */
export function registerSystemRoutes(
  router: Router,
  clients: readonly DomainClient[],
  metrics: GatewayMetrics,
): void {
  router.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    const states = await Promise.all(clients.map((client) => checkHealth(client, READINESS_TIMEOUT_MILLIS)));
    const domains = Object.fromEntries(clients.map((client, index) => [client.domain, states[index]]));
    const ready = states.every((state) => state === "SERVING");
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? "ok" : "unavailable", domains };
  });
  router.get("/metrics", async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
