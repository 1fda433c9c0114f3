import type { Middleware } from "koa";

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
/** The request headers the public clients of the legacy services send. */
const ALLOWED_HEADERS = "Authorization, Content-Type, Accept, X-Api-Key, X-Request-Id";
const PREFLIGHT_MAX_AGE_SECONDS = "86400";

/**
 * CORS for browser clients (the web editors); every OPTIONS is answered as a preflight. Scripts
 * may read the request id, a download's file name and a crop's X-Cache.
 */
export function cors(origin: string): Middleware {
  return async (ctx, next) => {
    ctx.set("Access-Control-Allow-Origin", origin);
    if (origin !== "*") ctx.vary("Origin");
    ctx.set("Access-Control-Expose-Headers", "X-Request-Id, Content-Disposition, X-Cache");
    if (ctx.method !== "OPTIONS") return next();
    ctx.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    ctx.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    ctx.set("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
    ctx.status = 204;
  };
}
