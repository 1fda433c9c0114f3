/**
 * A Kubernetes API for the config service's discovery tests, from the test servers' one
 * interface: k3s where a container engine answers, the API-server stand-in here, shared by the
 * clusters a file opens at once, each in a namespace of its own. Services are written through the
 * API, as kubectl would, so the same tests run on both.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CoreV1Api, type KubeConfig, type V1Service } from "@kubernetes/client-node";
import {
  acquireKubernetesServer,
  createNamespace,
  kubeConfigOf,
  releaseKubernetesServer,
  uniqueNamespace,
} from "../kube/shared-kube-server.js";
import type { ServiceSpec } from "./kube-api-stub.js";

export class KubeCluster {
  private constructor(
    readonly namespace: string,
    private readonly kubeconfig: string,
    private readonly core: CoreV1Api,
  ) {}

  /** Takes the shared API and creates the namespace (by default one of a random name). */
  static async start(namespace = uniqueNamespace("media")): Promise<KubeCluster> {
    const server = acquireKubernetesServer();
    try {
      const { kubeconfig } = await server;
      const config = kubeConfigOf(await server);
      await createNamespace(config, namespace);
      return new KubeCluster(namespace, kubeconfig, config.makeApiClient(CoreV1Api));
    } catch (error) {
      await releaseKubernetesServer();
      throw error;
    }
  }

  /** A client configuration for the server; the context names no namespace. */
  config(): KubeConfig {
    return kubeConfigOf({ kubeconfig: this.kubeconfig });
  }

  /** Writes the kubeconfig into dir and returns its path. */
  writeKubeconfig(dir: string): string {
    const file = join(dir, "kubeconfig.yaml");
    writeFileSync(file, this.kubeconfig);
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

  /** Gives the shared API back (the last user stops it). */
  close(): Promise<void> {
    return releaseKubernetesServer();
  }
}
