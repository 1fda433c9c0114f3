/**
 * The router the gateway used before its route tree, kept as the reference its routing is
 * compared with: @koa/router testing every route's regular expression in registration order
 * (system routes, then docs, then the domains' routes most specific first).
 */
import Router from "@koa/router";

const PARAMETER = /\{([^}]*)\}/g;
/** Characters path-to-regexp 8 treats as syntax; literal text must escape them. */
const PATH_TO_REGEXP_SYNTAX = /[{}()[\]+?!:*\\]/g;

/** A template (`/v1/videos/{uuid}`) in @koa/router (path-to-regexp 8) syntax. */
export function toRouterPath(template: string): string {
  let result = "";
  let last = 0;
  for (const match of template.matchAll(PARAMETER)) {
    result += `${escapeLiteral(template.slice(last, match.index))}:"${match[1]}"`;
    last = match.index + match[0].length;
  }
  return result + escapeLiteral(template.slice(last));
}

function escapeLiteral(text: string): string {
  return text.replace(PATH_TO_REGEXP_SYNTAX, (character) => `\\${character}`);
}

export interface ScannedRoute {
  method: string;
  template: string;
}

/** What the scanning router does with a request: the route it runs, or the methods the path allows. */
export interface ScanOutcome {
  template: string | undefined;
  params: Record<string, string>;
  allowed: string[];
}

export class ScanningRouter {
  private readonly router = new Router();
  private readonly templates = new Map<string, string>();

  /** Registers in the given order, which is the order the scan tries them in. */
  constructor(routes: readonly ScannedRoute[]) {
    for (const { method, template } of routes) {
      const path = toRouterPath(template);
      this.templates.set(path, template);
      this.router.register(path, [method], () => undefined);
    }
  }

  route(method: string, path: string): ScanOutcome {
    const matched = this.router.match(path, method);
    const layer = matched.pathAndMethod.find((candidate) => candidate.methods.length > 0);
    const allowed = [...new Set(matched.path.flatMap((candidate) => candidate.methods))];
    if (layer === undefined) return { template: undefined, params: {}, allowed };
    const params = layer.params(path, layer.captures(path), {}) as Record<string, string>;
    return { template: this.templates.get(String(layer.path)), params, allowed };
  }
}
