import type { DomainTransport } from "../engine/domain-transport.js";
import { readDomainStates } from "./domain-states.js";
import type { GatewayMetrics } from "./gateway-metrics.js";
import type { Router } from "./router.js";

/**
 * `/healthz` (the process is up; in a clustered all-in-one, which worker answered), `/readyz`,
 * `/status` and `/metrics`.
 *
 * `/readyz` says whether this gateway can serve: it answers once its route table is bound to the
 * proto files and its channels are made (the listener answers 503 before that), and it asks no
 * domain. A domain that is down is not the gateway's fault and taking every gateway out of its
 * Service for it would fail every route, not only that domain's, whose calls answer 503 with
 * Retry-After by themselves and recover when it is back.
 *
 * `/status` is each domain's state and its database's: 200 with status "ok" when every domain
 * answers SERVING ("degraded" when a database is unreachable: the domain answers, its calls get
 * 503), 503 with status "unavailable" when a domain does not answer.
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
  router.get("/readyz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/status", async (ctx) => {
    const { domains, databases, allServing, databasesUp } = await readDomainStates(clients);
    ctx.status = allServing ? 200 : 503;
    ctx.body = { status: !allServing ? "unavailable" : databasesUp ? "ok" : "degraded", domains, databases };
  });
  router.get("/metrics", async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
