import { createServer } from "node:net";
import type { Logger } from "pino";
import { onShutdownSignal } from "../../../services/kit/grpc/shutdown.js";
import { printBanner } from "./banner.js";
import type { AllInOneConfig } from "./config.js";
import type { DemoStart } from "./demo/load-demo-on-start.js";
import { type PreparedStart, prepareStart } from "./prepare-start.js";
import { WorkerPool } from "./worker-pool.js";

/**
 * M3_WORKERS > 1: this process serves nothing itself. It reads or generates the secrets and
 * imports the kb when asked, once, while the first worker loads its modules; that worker then
 * starts alone, migrating the schemas and creating the first kb administrator as a single
 * process does, and the others, forked once it serves, start without the administrator's
 * password (there is nothing left to seed). The workers share the port (node:cluster hands each
 * new connection to the next worker). Then it loads the demo through them when asked, prints the
 * banner, and stops them all on SIGTERM or SIGINT.
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
      port ||= await freePort(config.host);
      return {
        first: { env: prepared.env, port },
        others: { env: { ...prepared.env, M3_ADMIN_PASSWORD: "" }, port },
      };
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, "m3 failed to start");
      process.exit(1);
    });
  if (!serving || !prepared) return;
  logger.info({ port, workers: config.workers, startupMillis: Math.round(performance.now()) }, "m3 ready");

  const platform = { port, ...(await layoutOf(config, prepared.env, port)) };
  let demo: DemoStart | undefined;
  if (config.demo) {
    const { loadDemoOnStart } = await import("./demo/load-demo-on-start.js");
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

/**
 * The routes and environment the workers serve with, as their start-platform computes them;
 * imported once they serve: the route tables bring in the gateway, which the first worker
 * would otherwise wait for while the primary loads it.
 */
async function layoutOf(config: AllInOneConfig, env: AllInOneConfig["env"], port: number) {
  const { platformLayout } = await import("./start-platform.js");
  const layout = platformLayout({ env, dataDir: config.dataDir, host: config.host }, port);
  const routes = layout.domains.flatMap((domain) => [domain.routes, ...(domain.moreRoutes ?? [])]);
  return { routes, env: layout.env };
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
