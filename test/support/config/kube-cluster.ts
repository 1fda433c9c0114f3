/**
 * A Kubernetes API for end-to-end discovery tests, from startTestServer("kubernetes"): k3s where a
 * container engine answers, the API-server stand-in here. Services are written through the API,
 * as kubectl would, so the same tests run on both.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CoreV1Api, KubeConfig, type V1Service } from "@kubernetes/client-node";
import {
  type KubernetesTestServer,
  startTestServer,
} from "../../../tools/dev/fixtures/servers/test-servers.js";
import type { ServiceSpec } from "./kube-api-stub.js";

export class KubeCluster {
  private constructor(
    readonly namespace: string,
    private readonly server: KubernetesTestServer,
    private readonly core: CoreV1Api,
  ) {}

  /** Starts the API and creates the namespace. */
  static async start(namespace = "media"): Promise<KubeCluster> {
    const server = await startTestServer("kubernetes");
    const config = new KubeConfig();
    config.loadFromString(server.kubeconfig);
    const core = config.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    return new KubeCluster(namespace, server, core);
  }

  /** Writes the kubeconfig into dir and returns its path. */
  writeKubeconfig(dir: string): string {
    const file = join(dir, "kubeconfig.yaml");
    writeFileSync(file, this.server.kubeconfig);
    return file;
  }

  /** Creates the Service, or replaces the one of that name. */
  async applyService(spec: ServiceSpec): Promise<void> {
    const body: V1Service = {
      metadata: { name: spec.name, labels: spec.labels ?? {}, annotations: spec.annotations ?? {} },
      spec: {
        type: "ClusterIP",
        ports: [{ name: "http", protocol: "TCP", port: 8080, targetPort: 8080 }],
        selector: { "app.kubernetes.io/name": spec.name },
      },
    };
    const { namespace } = this;
    const existing = (await this.core.listNamespacedService({ namespace })).items.find(
      (service) => service.metadata?.name === spec.name,
    );
    if (!existing) {
      await this.core.createNamespacedService({ namespace, body });
      return;
    }
    body.metadata = { ...body.metadata, resourceVersion: existing.metadata?.resourceVersion };
    // A Service keeps the cluster IP it was given.
    body.spec = { ...body.spec, clusterIP: existing.spec?.clusterIP };
    await this.core.replaceNamespacedService({ name: spec.name, namespace, body });
  }

  async deleteService(name: string): Promise<void> {
    await this.core.deleteNamespacedService({ name, namespace: this.namespace });
  }

  close(): Promise<void> {
    return this.server.stop();
  }
}
