/**
 * The config service's view of the API-server stand-in (tools/dev/fixtures/kube-api-server):
 * tests add, change and remove Services by name and every open watch sees the ADDED, MODIFIED
 * or DELETED event; a compaction answers open and stale watches with the 410 ERROR event. The
 * stand-in on both test-server paths, for its request log and the faults it injects (the tests
 * that need them say so); the discovery tests through the API only take the test servers'
 * cluster instead (kube-cluster.ts).
 */
import type { RecordedRequest } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import { KubeApiServer } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";

export interface ServiceSpec {
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export type { RecordedRequest };

/** The user the kubeconfig names; its token is `stub-token`. */
const USER = "stub";

export class KubeApiStub {
  private constructor(
    readonly namespace: string,
    private readonly server: KubeApiServer,
  ) {}

  static async start(namespace = "media"): Promise<KubeApiStub> {
    return new KubeApiStub(namespace, await KubeApiServer.start());
  }

  get url(): string {
    return this.server.url;
  }

  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  /** A kubeconfig for this server (plain HTTP needs skipTLSVerify), for KubeConfig.loadFromOptions. */
  kubeconfig() {
    return this.server.kubeconfig(this.namespace, USER);
  }

  /** Writes the kubeconfig into dir and returns its path. */
  writeKubeconfig(dir: string): string {
    return this.server.writeKubeconfig(dir, this.namespace, USER);
  }

  /** Adds the Service or replaces it (ADDED or MODIFIED for watchers). */
  applyService(spec: ServiceSpec): void {
    const kind = this.server.kind("", "v1", "services");
    const body = {
      metadata: { name: spec.name, labels: spec.labels ?? {}, annotations: spec.annotations ?? {} },
      spec: {
        type: "ClusterIP",
        clusterIP: "10.96.0.10",
        ports: [{ name: "http", protocol: "TCP", port: 8080, targetPort: 8080 }],
        selector: { "app.kubernetes.io/name": spec.name },
      },
    };
    const exists = this.server.store
      .list(kind, this.namespace)
      .some((item) => item.metadata.name === spec.name);
    if (exists) this.server.store.replace(kind, this.namespace, spec.name, body, undefined);
    else this.server.store.create(kind, this.namespace, body);
  }

  deleteService(name: string): void {
    this.server.store.delete(this.server.kind("", "v1", "services"), this.namespace, name, false);
  }

  /** Forgets the event history, as a compaction does: open and stale watches get 410 Gone. */
  compact(): void {
    this.server.watches.compact();
  }

  /** The next n list requests fail with 500 (an API server restarting). */
  failLists(n: number): void {
    this.server.failLists(n);
  }

  /** Ends every open watch stream normally (as the API server does on its watch timeout). */
  endWatches(): void {
    this.server.watches.endAll();
  }

  openWatches(): number {
    return this.server.watches.openCount();
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** The annotations of the annotation domain's Service, as the chart writes them. */
export const ANNO = {
  "m3.io/endpoint-names": "annosaurus",
  "m3.io/url": "https://m3.example.org/anno/v1",
  "m3.io/internal-url": "http://m3-gateway.media.svc.cluster.local:8080/anno/v1",
  "m3.io/proxy-path": "/anno",
  "m3.io/secret-env": "M3_ANNOTATION_API_KEY",
};

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
