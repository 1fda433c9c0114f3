import type { Middleware, Next, ParameterizedContext } from "koa";
import type { GatewayState, RouteContext } from "../engine/route-handler.js";
import { pathSegments, RouteTree } from "../engine/route-tree.js";

/** A route's handler; `next` hands the request to the next route that matches, if any. */
export type RouteHandler = (ctx: RouteContext, next: Next) => unknown;

/** The methods the gateway answers at all; another one is a 501. */
const IMPLEMENTED_METHODS = new Set(["HEAD", "OPTIONS", "GET", "PUT", "PATCH", "POST", "DELETE"]);

/**
 * The gateway's router over a RouteTree. A GET route answers HEAD too; a path some route
 * serves with other methods is a 405 listing them in `Allow`, a method the gateway does not
 * implement a 501, and any other unrouted request is left as a 404 (the error handler writes
 * the JSON bodies). The matched route's template is the request's metrics label.
 */
export class Router {
  private readonly tree = new RouteTree<RouteHandler>();

  /** Adds a route; templates are `/kb/v1/concept/{name}`, literal text and `{name}` parameters. */
  register(template: string, methods: readonly string[], handler: RouteHandler): void {
    for (const method of methods) {
      if (method === "GET") this.tree.add("HEAD", template, handler);
      this.tree.add(method, template, handler);
    }
  }

  get(template: string, handler: RouteHandler): void {
    this.register(template, ["GET"], handler);
  }

  routes(): Middleware {
    return (ctx, next) => {
      const segments = pathSegments(ctx.path);
      const dispatch = async (skip: number): Promise<void> => {
        const match = this.tree.find(ctx.method, segments, skip);
        if (match === undefined) {
          await next();
          this.answerUnrouted(ctx, segments);
          return;
        }
        const routed = ctx as RouteContext;
        routed.params = match.params;
        (ctx.state as GatewayState).routeTemplate = match.template;
        await match.value(routed, () => dispatch(skip + 1));
      };
      return dispatch(0);
    };
  }

  private answerUnrouted(ctx: ParameterizedContext, segments: readonly string[]): void {
    if (ctx.status !== 404) return;
    const allowed = this.tree.methodsOf(segments);
    if (!IMPLEMENTED_METHODS.has(ctx.method)) {
      ctx.status = 501;
      ctx.set("Allow", allowed.join(", "));
    } else if (allowed.length > 0 && !allowed.includes(ctx.method)) {
      ctx.status = 405;
      ctx.set("Allow", allowed.join(", "));
    }
  }
}
