/**
 * One domain (the annotation service, the registry) and the gateway each in its own process, as
 * a cluster runs them, so a benchmark can measure each one's memory and the real gRPC path
 * between them: both are children of the bench, run from the
 * compiled build (npm run build) with plain node and the image's node options (plus
 * M3_BENCH_NODE_ARGS), as the container image runs them, and stopped with SIGTERM.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IMAGE_NODE_OPTIONS } from "../../../m3/image/image-commands.js";
import { REPO_ROOT } from "../../codegen/k8s/k8s-tools.js";
import { loggedPort, startNodeScript, stopChild } from "../../fixtures/node-process.js";
import { BENCH_API_KEY, benchNodeOptions } from "./platform-process.js";

/** Where the bench compiles m3: inside the repo (.tmp is ignored), so node_modules resolves. */
export const BUILD_DIR = join(REPO_ROOT, ".tmp", "bench-build");

/** Compiles m3 into BUILD_DIR (npm run build), as the container image is built. */
export function buildForBench(): void {
  execFileSync("bash", [join(REPO_ROOT, "tools/dev/build/build.sh"), BUILD_DIR], { stdio: "inherit" });
}

export interface SplitDomain {
  /** The gateway's HTTP port. */
  port: number;
  domainPid: number;
  gatewayPid: number;
  stop(): Promise<void>;
}

export interface SplitAnnotation extends Omit<SplitDomain, "domainPid"> {
  annotationPid: number;
}

export async function startSplitAnnotation(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<SplitAnnotation> {
  const { domainPid, ...split } = await startSplitDomain("annotation", options);
  return { ...split, annotationPid: domainPid };
}

/** The gateway and one domain's own process (`annotation`, `registry`, ...), the gateway routing to it. */
export async function startSplitDomain(
  domain: "annotation" | "registry",
  options: { databaseUrl: string; env?: Record<string, string> },
): Promise<SplitDomain> {
  buildForBench();
  const dataDir = mkdtempSync(join(tmpdir(), "m3-bench-"));
  const common = {
    ...process.env,
    M3_API_KEY: BENCH_API_KEY,
    M3_SIGNING_SECRET: "bench-secret",
    M3_DATA_DIR: dataDir,
    M3_LOG_LEVEL: "info",
    ...options.env,
  };
  const nodeOptions = benchNodeOptions(IMAGE_NODE_OPTIONS);
  const upper = domain.toUpperCase();
  const service = await startNodeScript(
    join(BUILD_DIR, `services/${domain}/main.js`),
    {
      ...common,
      M3_DATABASE_URL: options.databaseUrl,
      M3_GRPC_HOST: "127.0.0.1",
      [`M3_${upper}_GRPC_PORT`]: "0",
    },
    "serving gRPC",
    nodeOptions,
  );
  const gateway = await startNodeScript(
    join(BUILD_DIR, "gateway/main.js"),
    {
      ...common,
      PORT: "0",
      M3_HOST: "127.0.0.1",
      [`M3_${upper}_GRPC_ADDRESS`]: `127.0.0.1:${loggedPort(service.readyLine)}`,
    },
    "gateway listening",
    nodeOptions,
  ).catch(async (error: unknown) => {
    await stopChild(service.child);
    throw error;
  });
  return {
    port: loggedPort(gateway.readyLine),
    domainPid: service.child.pid ?? 0,
    gatewayPid: gateway.child.pid ?? 0,
    stop: async () => {
      await stopChild(gateway.child);
      await stopChild(service.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
