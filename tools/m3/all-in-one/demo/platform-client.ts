import type { HttpMethod, RouteSpec, ServiceRoutes } from "../../../../gateway/src/engine/route-spec.js";
import type { MethodAccess } from "../../../../services/kit/grpc/method-access.js";

const CREATE_TOKEN = "m3.common.v1.AuthService/CreateToken";

export interface PlatformRequest {
  /** Path parameters, by the names in the route's template. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  /** A multipart body (uploads). */
  form?: FormData;
  headers?: Record<string, string>;
  /** The domain's API-key token (the default for JWT routes), none, or this Authorization value. */
  authorization?: "token" | "none" | string;
}

/** A call through the gateway that did not succeed: the route, the status and the body's message. */
export class PlatformCallError extends Error {
  constructor(
    readonly target: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${target} answered ${status}: ${detail}`);
  }
}

/**
 * Calls the running platform through its public REST gateway, finding each route by the rpc it
 * serves in the placed route tables (so moved base and context paths are followed), with a
 * token from each domain's API key for the routes that need one.
 */
export class PlatformClient {
  private readonly tokens = new Map<string, Promise<string>>();

  constructor(
    readonly baseUrl: string,
    private readonly routes: readonly ServiceRoutes[],
    private readonly apiKeyOf: (domain: string) => string,
  ) {}

  /** The path (below the base URL) of the route serving `rpc`; `method` picks among several. */
  path(rpc: string, params: Record<string, string> = {}, method?: HttpMethod): string {
    return this.find(rpc, method).path(params);
  }

  /** Calls the route and parses its JSON reply. */
  async json<T>(rpc: string, request: PlatformRequest = {}, method?: HttpMethod): Promise<T> {
    const response = await this.send(this.find(rpc, method), request);
    return (await response.json()) as T;
  }

  /** Calls the route and returns its raw reply (images). */
  async bytes(
    rpc: string,
    request: PlatformRequest = {},
    method?: HttpMethod,
  ): Promise<{ contentType: string; body: ArrayBuffer }> {
    const response = await this.send(this.find(rpc, method), request);
    return { contentType: response.headers.get("content-type") ?? "", body: await response.arrayBuffer() };
  }

  private async send(route: PlacedRoute, request: PlatformRequest): Promise<Response> {
    const url = new URL(`${this.baseUrl}${route.path(request.params ?? {})}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { ...request.headers };
    const authorization = request.authorization ?? (route.access === "jwt" ? "token" : "none");
    if (authorization === "token") headers.authorization = `Bearer ${await this.token(route.domain)}`;
    else if (authorization !== "none") headers.authorization = authorization;
    let body: string | FormData | undefined = request.form;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(url, { method: route.spec.method, headers, body });
    if (!response.ok) {
      const text = await response.text();
      let detail = text.slice(0, 300);
      try {
        detail = (JSON.parse(text) as { message?: string }).message ?? detail;
      } catch {
        // Not JSON: the text itself says what went wrong.
      }
      throw new PlatformCallError(`${route.spec.method} ${url.pathname}`, response.status, detail);
    }
    return response;
  }

  private token(domain: string): Promise<string> {
    let token = this.tokens.get(domain);
    if (!token) {
      token = this.createToken(domain);
      token.catch(() => this.tokens.delete(domain));
      this.tokens.set(domain, token);
    }
    return token;
  }

  private async createToken(domain: string): Promise<string> {
    const route = this.find(CREATE_TOKEN, "POST", domain);
    const response = await this.send(route, { authorization: `APIKEY ${this.apiKeyOf(domain)}` });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  private find(rpc: string, method?: HttpMethod, domain?: string): PlacedRoute {
    for (const table of this.routes) {
      if (domain !== undefined && table.domain !== domain) continue;
      const spec = table.routes.find(
        (route) => route.rpc === rpc && (method === undefined || route.method === method),
      );
      if (spec) return placed(table, spec);
    }
    const where = domain === undefined ? "" : ` in ${domain}`;
    throw new Error(`no route of the platform serves ${method ? `${method} ` : ""}${rpc}${where}`);
  }
}

interface PlacedRoute {
  domain: string;
  spec: RouteSpec;
  /** Who may call the route's rpc, as its domain declares it. */
  access: MethodAccess | undefined;
  path(params: Record<string, string>): string;
}

function placed(table: ServiceRoutes, spec: RouteSpec): PlacedRoute {
  return {
    domain: table.domain,
    spec,
    access: table.access.get(spec.rpc),
    path: (params) =>
      table.basePath +
      spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`${spec.path}: the parameter ${name} is missing`);
        return encodeURIComponent(value);
      }),
  };
}
