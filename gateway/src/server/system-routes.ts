import type { DomainTransport } from "../engine/domain-transport.js";
import type { GatewayMetrics } from "./gateway-metrics.js";
import { checkHealth, DATABASE_HEALTH_SERVICE } from "./grpc-health.js";
import type { Router } from "./router.js";

const READINESS_TIMEOUT_MILLIS = 1000;

/** A domain's database as /readyz shows it; a domain without one (or that is down) is left out. */
const DATABASE_STATES: Readonly<Record<string, string>> = { SERVING: "ok", NOT_SERVING: "unreachable" };

/**
 * `/healthz` (the process is up; in a clustered all-in-one, which worker answered), `/readyz` and `/metrics`. `/readyz` is 200 when every domain
 * answers SERVING, 503 when one does not. A domain whose database is unreachable still answers
 * (every call gets 503 with Retry-After, and it recovers by itself when the database is back),
 * so readiness stays 200 and only reports it: status "degraded", the domain under "databases".
 * Taking the gateway out of its Service would turn that clear 503 into connection errors.
 */
export function registerSystemRoutes(
  router: Router,
  clients: readonly DomainTransport[],
  metrics: GatewayMetrics,
  workerId?: number,
): void {
  const healthy = workerId === undefined ? { status: "ok" } : { status: "ok", worker: workerId };
  router.get("/healthz", (ctx) => {
    ctx.body = healthy;
  });
  router.get("/readyz", async (ctx) => {
    const [states, databaseStates] = await Promise.all([
      Promise.all(clients.map((client) => checkHealth(client, READINESS_TIMEOUT_MILLIS))),
      Promise.all(
        clients.map((client) => checkHealth(client, READINESS_TIMEOUT_MILLIS, DATABASE_HEALTH_SERVICE)),
      ),
    ]);
    const domains = Object.fromEntries(clients.map((client, index) => [client.domain, states[index]]));
    const databases = Object.fromEntries(
      clients.flatMap((client, index) => {
        const state = DATABASE_STATES[databaseStates[index] ?? ""];
        return state === undefined ? [] : [[client.domain, state]];
      }),
    );
    const ready = states.every((state) => state === "SERVING");
    const databasesUp = Object.values(databases).every((state) => state === "ok");
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: !ready ? "unavailable" : databasesUp ? "ok" : "degraded", domains, databases };
  });
  router.get("/metrics", async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
