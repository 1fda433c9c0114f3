/**
 * The annotation service and the gateway each in its own process, as a cluster runs them,
 * so a benchmark can measure each one's memory: both are children of the bench, started
 * with the node options of `npm start` (plus M3_BENCH_NODE_ARGS), and stopped with SIGTERM.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../test/support/mariadb-server.js";
import { BENCH_API_KEY, startNodeScript, stopChild } from "./platform-process.js";

export interface SplitAnnotation {
  /** The gateway's HTTP port. */
  port: number;
  annotationPid: number;
  gatewayPid: number;
  stop(): Promise<void>;
}

export async function startSplitAnnotation(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<SplitAnnotation> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-bench-"));
  const grpcPort = await freePort();
  const port = await freePort();
  const common = {
    ...process.env,
    M3_API_KEY: BENCH_API_KEY,
    M3_SIGNING_SECRET: "bench-secret",
    M3_DATA_DIR: dataDir,
    M3_LOG_LEVEL: "info",
    ...options.env,
  };
  const annotation = await startNodeScript(
    "services/annotation/main.ts",
    { ...common, M3_DATABASE_URL: options.databaseUrl, M3_ANNOTATION_GRPC_PORT: String(grpcPort) },
    "serving gRPC",
  );
  const gateway = await startNodeScript(
    "gateway/main.ts",
    {
      ...common,
      PORT: String(port),
      M3_HOST: "127.0.0.1",
      M3_ANNOTATION_GRPC_ADDRESS: `127.0.0.1:${grpcPort}`,
    },
    "gateway listening",
  ).catch(async (error: unknown) => {
    await stopChild(annotation);
    throw error;
  });
  return {
    port,
    annotationPid: annotation.pid ?? 0,
    gatewayPid: gateway.pid ?? 0,
    stop: async () => {
      await stopChild(gateway);
      await stopChild(annotation);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
