import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseAllDocuments } from "yaml";
import { k8sTools, REPO_ROOT } from "./k8s-tools.js";

const run = promisify(execFile);

/** One Kubernetes object as rendered (plain JSON data). */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // biome-ignore lint/suspicious/noExplicitAny: rendered manifests are untyped data, checked by schema.
  spec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  [field: string]: any;
}

export const CHART_DIR = join(REPO_ROOT, "helm/m3");
export const KUSTOMIZE_DIR = join(REPO_ROOT, "k8s");

export interface HelmRenderOptions {
  /** The chart's folder; default helm/m3. */
  chart?: string;
  release?: string;
  namespace?: string;
  /** Values files relative to the chart (e.g. "ci/minimal-values.yaml"). */
  valuesFiles?: readonly string[];
  /** `--set` expressions. */
  set?: readonly string[];
}

function helmArguments(options: HelmRenderOptions): string[] {
  return [
    ...(options.valuesFiles ?? []).flatMap((file) => ["-f", join(options.chart ?? CHART_DIR, file)]),
    ...(options.set ?? []).flatMap((expression) => ["--set", expression]),
  ];
}

/** `helm lint --strict`; resolves with its output, rejects with it when the chart has errors. */
export async function helmLint(options: HelmRenderOptions = {}): Promise<string> {
  const { stdout } = await run(k8sTools().helm, [
    "lint",
    "--strict",
    options.chart ?? CHART_DIR,
    ...helmArguments(options),
  ]);
  return stdout;
}

/** The objects `helm template` renders (the CRDs of crds/ and hooks included), in output order. */
export async function helmTemplate(options: HelmRenderOptions = {}): Promise<K8sObject[]> {
  const { stdout } = await run(
    k8sTools().helm,
    [
      "template",
      options.release ?? "m3",
      options.chart ?? CHART_DIR,
      "--namespace",
      options.namespace ?? "media",
      "--include-crds",
      ...helmArguments(options),
    ],
    { maxBuffer: 32 * 1024 * 1024 },
  );
  return parseManifests(stdout);
}

/** The objects `kubectl kustomize <dir>` builds (with the extracted kubectl, not the system one). */
export async function kustomize(dir: string): Promise<K8sObject[]> {
  const { stdout } = await run(k8sTools().kubectl, ["kustomize", dir], { maxBuffer: 32 * 1024 * 1024 });
  return parseManifests(stdout);
}

/** Parses a multi-document YAML stream, skipping empty documents; a YAML error throws. */
export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`invalid YAML: ${document.errors[0]?.message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}
