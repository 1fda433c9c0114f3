/** What the operator's builders make of a spec, and readers of those objects for the tests. */
import type { M3Platform, M3PlatformSpec } from "../../../services/operator/api/m3platform-schema.js";
import { type DesiredObject, platformObjects } from "../../../services/operator/builders/platform-objects.js";

const BASE: M3PlatformSpec = {
  image: "ghcr.io/example/m3",
  version: "1.4.0",
  publicUrl: "https://m3.example.org/",
  database: { urlSecret: { name: "m3-database", key: "url" } },
  secrets: { name: "m3-secrets" },
};

export function objectsOf(spec: Partial<M3PlatformSpec> = {}): DesiredObject[] {
  const platform: M3Platform = {
    apiVersion: "m3.io/v1alpha1",
    kind: "M3Platform",
    metadata: { name: "m3", namespace: "media", uid: "uid-1" },
    spec: { ...BASE, ...spec },
  };
  return platformObjects(platform, {}, platform.spec.version);
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read the objects' JSON by path
export type Json = any;
export function find(objects: DesiredObject[], kind: string, name: string): Json {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind}/${name}`);
  return found;
}
export const envOf = (deployment: Json): Json[] => deployment.spec.template.spec.containers[0].env;
export const envNamed = (deployment: Json, name: string) =>
  envOf(deployment).find((item) => item.name === name);
