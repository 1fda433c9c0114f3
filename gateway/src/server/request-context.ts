import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { Logger } from "pino";
import type { GatewayState } from "../engine/route-handler.js";
import { type AccessLogSettings, logAccess } from "./access-log.js";
import type { ErrorState } from "./error-handler.js";
import type { GatewayMetrics } from "./gateway-metrics.js";

/** A caller's request id is kept when it is a plausible token; anything else gets a fresh UUID. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** Request id in and out, one histogram sample and at most one log line per request. */
export function requestContext(
  logger: Logger,
  metrics: GatewayMetrics,
  accessLog: AccessLogSettings,
): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get("X-Request-Id");
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const state = ctx.state as GatewayState & ErrorState;
    state.requestId = requestId;
    ctx.set("X-Request-Id", requestId);
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = state.routeTemplate ?? "unmatched";
      metrics.observeRequest(ctx.method, route, ctx.status, seconds);
      const line = {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round(seconds * 1e6) / 1e3,
        requestId,
      };
      logAccess(logger, accessLog, line, state.error);
    }
  };
}
