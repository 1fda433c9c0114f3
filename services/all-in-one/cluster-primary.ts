import { createServer } from "node:net";
import type { Logger } from "pino";
import { onShutdownSignal } from "../kit/grpc/shutdown.js";
import { printBanner } from "./banner.js";
import type { AllInOneConfig } from "./config.js";
import { type DemoStart, loadDemoOnStart } from "./demo/load-demo-on-start.js";
import { type PreparedStart, prepareStart } from "./prepare-start.js";
import { prepareStorage, workerEnv } from "./prepare-storage.js";
import { platformLayout } from "./start-platform.js";
import { WorkerPool } from "./worker-pool.js";

/**
 * M3_WORKERS > 1: this process serves nothing itself. It does what must happen once (secrets,
 * kb import, migrations, the first administrator) while the first worker loads its modules,
 * then starts the workers, which share the port (node:cluster hands each new connection to the
 * next worker), loads the demo through them when asked, prints the banner, and stops them all on
 * SIGTERM or SIGINT.
 */
export async function runClusterPrimary(
  config: AllInOneConfig,
  logger: Logger,
  mainModule: string,
): Promise<void> {
  const pool = new WorkerPool({
    count: config.workers,
    module: mainModule,
    args: process.argv.slice(2),
    logger,
  });
  onShutdownSignal(() => pool.stop(), logger);
  let prepared: PreparedStart | undefined;
  let port = config.port;
  const serving = await pool
    .start(async () => {
      prepared = await prepareStart(config, logger);
      await prepareStorage(prepared.env, config.dataDir, logger);
      port ||= await freePort(config.host);
      // The kb administrator exists now: no worker hashes the password to seed it again.
      return { env: workerEnv(prepared.env), port };
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, "m3 failed to start");
      process.exit(1);
    });
  if (!serving || !prepared) return;
  logger.info({ port, workers: config.workers, startupMillis: Math.round(performance.now()) }, "m3 ready");

  const platform = { port, ...layoutOf(config, prepared.env, port) };
  let demo: DemoStart | undefined;
  if (config.demo) {
    demo = await loadDemoOnStart({ platform, dataDir: config.dataDir, host: config.host, logger }).catch(
      async (error: unknown) => {
        logger.fatal({ err: error }, "the demo data could not be loaded");
        await pool.stop();
        process.exit(1);
      },
    );
  }
  printBanner({ config, prepared, platform, demo, workers: config.workers });
}

/** The routes and environment the workers serve with, as their start-platform computes them. */
function layoutOf(config: AllInOneConfig, env: AllInOneConfig["env"], port: number) {
  const layout = platformLayout({ env, dataDir: config.dataDir, host: config.host }, port);
  return { routes: layout.domains.map((domain) => domain.routes), env: layout.env };
}

/** A port free now on the host, for workers asked to listen on port 0 (tests, benchmarks). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
