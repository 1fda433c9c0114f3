import type { Logger } from "pino";
import type { ServiceRoutes } from "../../gateway/src/engine/route-spec.js";
import { startGateway } from "../../gateway/src/index.js";
import { placeRoutes } from "../../gateway/src/routes/placement.js";
import type { Env } from "../kit/domain/domain-module.js";
import { type RunningDomain, startDomain } from "../kit/domain/start-domain.js";
import { PROTO_ROOT } from "../kit/proto-root.js";
import { M3_VERSION } from "../kit/version.js";
import { allInOneDomains } from "./domains.js";

export interface RunningPlatform {
  port: number;
  routes: readonly ServiceRoutes[];
  stop(): Promise<void>;
}

/**
 * Starts every domain on loopback gRPC ports and the gateway in front of them: the
 * process `npm start` runs, and the stack the e2e tests drive.
 */
export async function startPlatform(options: {
  env: Env;
  dataDir: string;
  port: number;
  host: string;
  logger: Logger;
}): Promise<RunningPlatform> {
  const running: RunningDomain[] = [];
  const stopDomains = () => Promise.allSettled(running.map((domain) => domain.stop()));
  try {
    for (const { module } of allInOneDomains) {
      running.push(
        await startDomain(module, {
          env: options.env,
          logger: options.logger,
          dataDir: options.dataDir,
          version: M3_VERSION,
          host: "127.0.0.1",
          port: 0,
        }),
      );
    }
    const targets = allInOneDomains.map(({ routes }, index) => ({
      routes: placeRoutes(routes, options.env),
      address: running[index]?.address ?? "",
    }));
    const gateway = await startGateway({
      targets,
      protoRoot: PROTO_ROOT,
      logger: options.logger,
      port: options.port,
      host: options.host,
    });
    return {
      port: gateway.port,
      routes: targets.map((target) => target.routes),
      stop: async () => {
        await gateway.close();
        await stopDomains();
      },
    };
  } catch (error) {
    await stopDomains();
    throw error;
  }
}
