import type { Middleware } from "koa";

/**
 * Doubled slashes in a path reach the same route as single ones, as they did behind the
 * legacy services' proxies: clients that join a base URL ending in `/` with a path starting
 * with one send `//`. (A trailing slash is matched by the router itself.) Path parameters
 * are single segments, so no parameter value can hold a literal `//`.
 */
export function collapseDoubledSlashes(): Middleware {
  return async (ctx, next) => {
    if (ctx.path.includes("//")) ctx.path = ctx.path.replace(/\/{2,}/g, "/");
    await next();
  };
}
