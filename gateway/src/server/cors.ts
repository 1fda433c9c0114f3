import type { Middleware } from "koa";

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Api-Key, X-Request-Id";

/** CORS for browser clients (the web editors); every OPTIONS is answered as a preflight. */
export function cors(origin: string): Middleware {
  return async (ctx, next) => {
    ctx.set("Access-Control-Allow-Origin", origin);
    if (origin !== "*") ctx.vary("Origin");
    ctx.set("Access-Control-Expose-Headers", "X-Request-Id, Content-Disposition");
    if (ctx.method !== "OPTIONS") return next();
    ctx.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    ctx.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    ctx.set("Access-Control-Max-Age", "600");
    ctx.status = 204;
  };
}
