import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { readGatewayConfig } from "../../../gateway/config.js";
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import {
  type GatewayListener,
  type GatewayTarget,
  openGatewayListener,
  type RunningGateway,
  startGateway,
} from "../../../gateway/src/index.js";
import { placeRoutes } from "../../../gateway/src/routes/placement.js";
import type { Env } from "../../../services/kit/domain/domain-module.js";
import { type RunningDomain, startDomain } from "../../../services/kit/domain/start-domain.js";
import { InProcessTransport } from "../../../services/kit/grpc/in-process-transport.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { M3_VERSION } from "../../../services/kit/version.js";
import { refuseUnsupportedEngines } from "../migrate/domain-engines.js";
import { workerChangeRelay } from "./change-relay.js";
import { readInProcessCalls } from "./config.js";
import { type AllInOneDomain, allInOneDomains, routeTablesOf } from "./domains.js";
import { launcherEndpoints } from "./launcher-endpoints.js";
import { annotationRegistryEnv } from "./registry-link-env.js";

export interface RunningPlatform {
  port: number;
  routes: readonly ServiceRoutes[];
  /** The environment the domains were started with, the launcher's settings filled in. */
  env: Env;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  env: Env;
  dataDir: string;
  port: number;
  host: string;
  logger: Logger;
  /**
   * As one worker of several sharing the port (M3_WORKERS): the gateway listens only once it
   * serves, so the cluster hands no connection to a worker still starting (port must not be 0),
   * and the domains serve gRPC on Unix sockets of their own; /healthz names the worker.
   */
  worker?: { id: number };
}

/** The route tables as placed by the settings, and the environment every domain starts with. */
export interface PlatformLayout {
  domains: readonly AllInOneDomain[];
  env: Env;
}

/** Where each domain's routes go and what the launcher fills in, for a gateway on `port`. */
export function platformLayout(
  options: Pick<PlatformOptions, "env" | "dataDir" | "host">,
  port: number,
): PlatformLayout {
  const domains = allInOneDomains.map((domain) => ({
    ...domain,
    routes: placeRoutes(domain.routes, options.env),
    moreRoutes: domain.moreRoutes?.map((routes) => placeRoutes(routes, options.env)),
  }));
  return { domains, env: launcherEnv(domains, options, port) };
}

/**
 * Starts every domain on loopback gRPC ports and the gateway in front of them: the
 * process `npm start` runs, and the stack the e2e tests drive. The gateway calls the domains
 * in process, through their handlers (unless M3_IN_PROCESS_CALLS=false); the ports serve the
 * domains' calls to each other, reflection and health. The gateway listens first (on
 * a free port when 0 is asked for), so its port is held while the config service is told
 * every domain's URL on it, and a taken port fails before any domain starts; a worker listens
 * last instead (PlatformOptions.worker).
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  if (options.worker && options.port === 0) throw new Error("a worker needs the port its cluster shares");
  const names = allInOneDomains.map((domain) => domain.module.name);
  refuseUnsupportedEngines(names, options.env, options.dataDir);
  const listener = options.worker ? undefined : await openGatewayListener(options.port, options.host);
  const port = listener?.port ?? options.port;
  if (listener) options.logger.info({ port }, "gateway port open");
  const { domains: placed, env } = platformLayout(options, port);
  const running = new Map<string, RunningDomain>();
  const stopDomains = () => Promise.allSettled([...running.values()].map((domain) => domain.stop()));

  try {
    await startDomains(placed, running, (domain) =>
      startDomain(domain.module, {
        env: withAddresses(env, domain, running),
        logger: options.logger,
        dataDir: options.dataDir,
        version: M3_VERSION,
        host: "127.0.0.1",
        port: 0,
        socketPath: options.worker ? grpcSocketPath(domain.module.name) : undefined,
      }),
    );
    const inProcess = readInProcessCalls(options.env);
    const targets: GatewayTarget[] = placed.flatMap((placedDomain) => {
      const domain = running.get(placedDomain.module.name);
      if (!domain) throw new Error(`${placedDomain.module.name} did not start`);
      const transport = inProcess
        ? new InProcessTransport(placedDomain.module.name, domain.inProcess)
        : undefined;
      return routeTablesOf(placedDomain).map((routes) =>
        transport ? { routes, transport } : { routes, address: domain.address },
      );
    });
    const {
      callTimeoutMillis,
      unaryCalls,
      maxBodyBytes,
      corsOrigin,
      trustProxy,
      accessLog,
      consoleRoot,
      changeEventsNats,
    } = readGatewayConfig(options.env);
    const gateway = await serveGateway(listener, options, {
      targets,
      protoRoot: PROTO_ROOT,
      logger: options.logger,
      callTimeoutMillis,
      unaryCalls,
      maxBodyBytes,
      corsOrigin,
      trustProxy,
      accessLog,
      consoleRoot,
      changeEventsNats,
      changeRelay: options.worker ? workerChangeRelay() : undefined,
      workerId: options.worker?.id,
    });
    return {
      port,
      routes: targets.map((target) => target.routes),
      env,
      stop: async () => {
        await gateway.close();
        await stopDomains();
      },
    };
  } catch (error) {
    await listener?.close();
    await stopDomains();
    throw error;
  }
}

/** Answers on the listener held since the start, or (a worker) listens now that the app is built. */
function serveGateway(
  listener: GatewayListener | undefined,
  { port, host }: PlatformOptions,
  gatewayOptions: Parameters<GatewayListener["serve"]>[0],
): Promise<RunningGateway> {
  return listener ? listener.serve(gatewayOptions) : startGateway({ ...gatewayOptions, port, host });
}

/** A worker's domain's gRPC socket: the process id keeps the workers' (and a restarted one's) apart. */
function grpcSocketPath(domain: string): string {
  return join(tmpdir(), `m3-${process.pid}-${domain}.sock`);
}

/**
 * What the all-in-one fills in unless the environment sets it: the config service's public
 * URL and endpoint list, and the folders capture may read local videos and stored frames from.
 */
function launcherEnv(
  domains: readonly AllInOneDomain[],
  { env, host, dataDir }: { env: Env; host: string; dataDir: string },
  port: number,
): Env {
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  const publicBase = `http://${shownHost}:${port}`;
  const internalBase = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host}:${port}`;
  const configBase = domains.find(({ module }) => module.name === "config")?.routes.basePath ?? "/config";
  const fileRoots = env.CAPTURE_FILE_ROOTS || env.M3_CAPTURE_FILE_ROOTS || env.BEHOLDER_FILE_ROOTS;
  return {
    ...env,
    // The upload folder too: the frames it stores are file: URLs that crops (skimmer) cut from.
    CAPTURE_FILE_ROOTS:
      fileRoots || [join(dataDir, "videos"), env.M3_UPLOAD_DIR || join(dataDir, "upload")].join(":"),
    ...annotationRegistryEnv(env, dataDir),
    M3_CONFIG_PUBLIC_URL: env.M3_CONFIG_PUBLIC_URL || `${publicBase}${configBase}`,
    M3_CONFIG_ENDPOINTS:
      env.M3_CONFIG_ENDPOINTS || launcherEndpoints(domains, { publicBase, internalBase }, env),
  };
}

/**
 * Starts every domain at once, each as soon as the domains it calls serve (it is given their
 * addresses): the domains open their own storage and ports, so nothing else orders them, and
 * one's waits (password hashing, binding a port) overlap another's work. A domain is in
 * `running` once it serves; the first failure is thrown once every start has settled.
 */
async function startDomains(
  domains: readonly AllInOneDomain[],
  running: Map<string, RunningDomain>,
  start: (domain: AllInOneDomain) => Promise<RunningDomain>,
): Promise<void> {
  const names = domains.map(({ module }) => module.name);
  for (const [index, domain] of domains.entries()) {
    const later = (domain.calls ?? []).find((name) => !names.slice(0, index).includes(name));
    if (later) throw new Error(`${domain.module.name} calls ${later}, which must be listed before it`);
  }
  const serving = new Map<string, Promise<void>>();
  for (const domain of domains) {
    const called = (domain.calls ?? []).map((name) => serving.get(name));
    serving.set(
      domain.module.name,
      Promise.all(called).then(async () => {
        running.set(domain.module.name, await start(domain));
      }),
    );
  }
  const failed = (await Promise.allSettled(serving.values())).find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** The environment of one domain: the gRPC addresses of the domains it calls, already running. */
function withAddresses(env: Env, domain: AllInOneDomain, running: ReadonlyMap<string, RunningDomain>): Env {
  const own: Env = { ...env };
  for (const name of domain.calls ?? []) {
    const address = running.get(name)?.address;
    if (!address) throw new Error(`${domain.module.name} calls ${name}, which must start before it`);
    own[`M3_${name.toUpperCase()}_GRPC_ADDRESS`] ||= address;
  }
  return own;
}
