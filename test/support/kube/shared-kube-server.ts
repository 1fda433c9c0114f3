/**
 * One Kubernetes API for the clusters a test file opens at the same time, from the test servers'
 * one interface (k3s where a container engine answers, the API-server stand-in here), with a
 * namespace of its own for each cluster: k3s takes tens of seconds to start, so a file's
 * concurrent tests share it. It stops when the last cluster using it is released (a serial test
 * that follows starts another).
 */
import { randomBytes } from "node:crypto";
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import {
  type KubernetesTestServer,
  startTestServer,
} from "../../../tools/dev/fixtures/servers/test-servers.js";

let shared: Promise<KubernetesTestServer> | undefined;
let users = 0;

/** The shared server; every acquire is paired with a release. */
export function acquireKubernetesServer(): Promise<KubernetesTestServer> {
  users++;
  shared ??= startTestServer("kubernetes");
  return shared;
}

export async function releaseKubernetesServer(): Promise<void> {
  users--;
  if (users > 0 || shared === undefined) return;
  const stopping = shared;
  shared = undefined;
  await (await stopping).stop();
}

/** The server's kubeconfig, for a client of its own. */
export function kubeConfigOf(server: Pick<KubernetesTestServer, "kubeconfig">): KubeConfig {
  const config = new KubeConfig();
  config.loadFromString(server.kubeconfig);
  return config;
}

/** A namespace name of the prefix and a random suffix, for a cluster of its own on the shared server. */
export function uniqueNamespace(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString("hex")}`;
}

/** Creates the namespace: a real API server admits a namespaced object only into one that exists. */
export async function createNamespace(config: KubeConfig, name: string): Promise<string> {
  await config.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name } } });
  return name;
}
