/**
 * A stand-in for the Kubernetes API server, enough for the config service's informer: it
 * serves `GET /api/v1/namespaces/<ns>/services` as a real ServiceList (with a
 * resourceVersion and label-selector filtering) and, with `watch=true`, a stream of
 * newline-delimited `{type, object}` events from the requested resourceVersion on. Tests
 * change Services through it and every open watch sees the ADDED/MODIFIED/DELETED event.
 * A watch from a compacted (too old) resourceVersion gets the API server's 410 ERROR event.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export interface ServiceSpec {
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

type EventType = "ADDED" | "MODIFIED" | "DELETED";

interface WatchEvent {
  type: EventType;
  object: KubeService;
  resourceVersion: number;
}

interface KubeService {
  kind: "Service";
  apiVersion: "v1";
  metadata: Record<string, unknown> & {
    name: string;
    labels: Record<string, string>;
    resourceVersion: string;
  };
  spec: Record<string, unknown>;
  status: Record<string, unknown>;
}

interface Watcher {
  selector: string | undefined;
  response: ServerResponse;
}

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export class KubeApiStub {
  readonly requests: RecordedRequest[] = [];
  private readonly services = new Map<string, KubeService>();
  private readonly history: WatchEvent[] = [];
  private readonly watchers = new Set<Watcher>();
  private resourceVersion = 1000;
  /** Watches from before this version are answered 410 Gone (an etcd compaction). */
  private oldestWatchable = 0;
  private failingLists = 0;

  private constructor(
    readonly namespace: string,
    private readonly server: ReturnType<typeof createServer>,
  ) {}

  static async start(namespace = "media"): Promise<KubeApiStub> {
    const server = createServer();
    const stub = new KubeApiStub(namespace, server);
    server.on("request", (request, response) => stub.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A kubeconfig for this server (plain HTTP needs skipTLSVerify), for KubeConfig.loadFromOptions. */
  kubeconfig() {
    return {
      clusters: [{ name: "stub", server: this.url, skipTLSVerify: true }],
      users: [{ name: "config", token: "stub-token" }],
      contexts: [{ name: "stub", cluster: "stub", user: "config", namespace: this.namespace }],
      currentContext: "stub",
    };
  }

  /** Writes the kubeconfig (JSON is valid YAML) into dir and returns its path. */
  writeKubeconfig(dir: string): string {
    const config = this.kubeconfig();
    const file = join(dir, "kubeconfig.json");
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: "v1",
        kind: "Config",
        clusters: config.clusters.map(({ name, server }) => ({
          name,
          cluster: { server, "insecure-skip-tls-verify": true },
        })),
        users: config.users.map(({ name, token }) => ({ name, user: { token } })),
        contexts: config.contexts.map(({ name, cluster, user, namespace }) => ({
          name,
          context: { cluster, user, namespace },
        })),
        "current-context": config.currentContext,
      }),
    );
    return file;
  }

  /** Adds the Service or replaces it (ADDED or MODIFIED for watchers). */
  applyService(spec: ServiceSpec): void {
    const existing = this.services.get(spec.name);
    const version = String(++this.resourceVersion);
    const service: KubeService = {
      kind: "Service",
      apiVersion: "v1",
      metadata: {
        name: spec.name,
        namespace: this.namespace,
        uid: (existing?.metadata.uid as string | undefined) ?? randomUUID(),
        resourceVersion: version,
        creationTimestamp:
          (existing?.metadata.creationTimestamp as string | undefined) ?? "2026-11-22T08:00:00Z",
        labels: spec.labels ?? {},
        annotations: spec.annotations ?? {},
      },
      spec: {
        type: "ClusterIP",
        clusterIP: "10.96.0.10",
        ports: [{ name: "http", protocol: "TCP", port: 8080, targetPort: 8080 }],
        selector: { "app.kubernetes.io/name": spec.name },
      },
      status: { loadBalancer: {} },
    };
    this.services.set(spec.name, service);
    this.publish({
      type: existing ? "MODIFIED" : "ADDED",
      object: service,
      resourceVersion: this.resourceVersion,
    });
  }

  deleteService(name: string): void {
    const existing = this.services.get(name);
    if (!existing) throw new Error(`no Service ${name}`);
    this.services.delete(name);
    const object = {
      ...existing,
      metadata: { ...existing.metadata, resourceVersion: String(++this.resourceVersion) },
    };
    this.publish({ type: "DELETED", object, resourceVersion: this.resourceVersion });
  }

  /** Forgets the event history, as a compaction does: open and stale watches get 410 Gone. */
  compact(): void {
    this.oldestWatchable = this.resourceVersion;
    this.history.length = 0;
    for (const watcher of this.watchers) this.endWithGone(watcher.response);
    this.watchers.clear();
  }

  /** The next n list requests fail with 500 (an API server restarting). */
  failLists(n: number): void {
    this.failingLists = n;
  }

  /** Ends every open watch stream normally (as the API server does on its watch timeout). */
  endWatches(): void {
    for (const watcher of this.watchers) watcher.response.end();
    this.watchers.clear();
  }

  openWatches(): number {
    return this.watchers.size;
  }

  async close(): Promise<void> {
    this.endWatches();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? "/", "http://stub");
    this.requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
    });
    if (request.method !== "GET" || url.pathname !== `/api/v1/namespaces/${this.namespace}/services`) {
      this.status(response, 404, "NotFound", `the server could not find ${url.pathname}`);
      return;
    }
    const selector = url.searchParams.get("labelSelector") ?? undefined;
    if (url.searchParams.get("watch") === "true") {
      this.watch(response, selector, url.searchParams);
    } else if (this.failingLists > 0) {
      this.failingLists--;
      this.status(response, 500, "InternalError", "etcdserver: request timed out");
    } else {
      this.list(response, selector);
    }
  }

  private list(response: ServerResponse, selector: string | undefined): void {
    const items = [...this.services.values()]
      .filter((service) => matches(service, selector))
      .map(({ kind: _kind, apiVersion: _apiVersion, ...item }) => item);
    this.json(response, 200, {
      kind: "ServiceList",
      apiVersion: "v1",
      metadata: { resourceVersion: String(this.resourceVersion) },
      items,
    });
  }

  private watch(response: ServerResponse, selector: string | undefined, query: URLSearchParams): void {
    const from = Number(query.get("resourceVersion") ?? "0");
    response.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
    response.flushHeaders();
    if (from < this.oldestWatchable) {
      this.endWithGone(response);
      return;
    }
    const watcher: Watcher = { selector, response };
    this.watchers.add(watcher);
    response.on("close", () => this.watchers.delete(watcher));
    for (const event of this.history) if (event.resourceVersion > from) this.send(watcher, event);
  }

  private publish(event: WatchEvent): void {
    this.history.push(event);
    for (const watcher of this.watchers) this.send(watcher, event);
  }

  private send(watcher: Watcher, event: WatchEvent): void {
    if (!matches(event.object, watcher.selector)) return;
    watcher.response.write(`${JSON.stringify({ type: event.type, object: event.object })}\n`);
  }

  private endWithGone(response: ServerResponse): void {
    const status = statusObject(410, "Expired", "too old resource version");
    response.end(`${JSON.stringify({ type: "ERROR", object: status })}\n`);
  }

  private status(response: ServerResponse, code: number, reason: string, message: string): void {
    this.json(response, code, statusObject(code, reason, message));
  }

  private json(response: ServerResponse, code: number, body: unknown): void {
    response.writeHead(code, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }
}

function statusObject(code: number, reason: string, message: string) {
  return { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code };
}

/** Equality-based selectors only (`a=b,c=d`), which is all discovery uses. */
function matches(service: KubeService, selector: string | undefined): boolean {
  if (!selector) return true;
  return selector.split(",").every((term) => {
    const [key = "", value = ""] = term.split("=");
    return service.metadata.labels[key.trim()] === value.trim();
  });
}

/** The labels and annotations the Helm chart puts on an m3 Service (the discovery contract). */
export function m3Service(
  name: string,
  component: string,
  annotations: Record<string, string> = {},
): ServiceSpec {
  return {
    name,
    labels: {
      "app.kubernetes.io/part-of": "m3",
      "app.kubernetes.io/component": component,
      "app.kubernetes.io/name": name,
      "app.kubernetes.io/instance": "m3",
    },
    annotations,
  };
}
