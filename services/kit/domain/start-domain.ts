import type { Logger } from "pino";
import { createAuthServiceBinding } from "../auth/auth-service.binding.js";
import { createHealthStatusBinding } from "../auth/health-status.binding.js";
import { TokenService } from "../auth/token-service.js";
import { readDomainConfig } from "../config/domain-config.js";
import { startGrpcServer } from "../grpc/grpc-server.js";
import type { InProcessServer } from "../grpc/in-process-server.js";
import { trackDatabaseProbe } from "../metrics/database-metrics.js";
import { createMetricsBinding } from "../metrics/metrics.binding.js";
import { PROTO_ROOT } from "../proto-root.js";
import type { DomainModule, Env } from "./domain-module.js";

/** The .proto files of the services every domain serves beside its own (token exchange, health, metrics). */
export const COMMON_PROTO_FILES = [
  "m3/common/v1/auth.proto",
  "m3/common/v1/health.proto",
  "m3/common/v1/metrics.proto",
];

export interface RunningDomain {
  name: string;
  /** host:port a gRPC client (the gateway) connects to. */
  address: string;
  /** The same services, for a caller in this process (the all-in-one's gateway). */
  inProcess: InProcessServer;
  stop(): Promise<void>;
}

export interface StartDomainOptions {
  env: Env;
  logger: Logger;
  dataDir: string;
  version: string;
  /** Overrides the configured gRPC bind address (the all-in-one binds loopback on port 0). */
  host?: string;
  port?: number;
  /** Serve gRPC on this Unix socket instead (the workers of a clustered all-in-one). */
  socketPath?: string;
}

/** Opens a domain's storage and serves its bindings plus token exchange and health over gRPC. */
export async function startDomain(module: DomainModule, options: StartDomainOptions): Promise<RunningDomain> {
  const config = readDomainConfig(options.env, module.name, { grpcPort: module.defaultGrpcPort });
  const logger = options.logger.child({ domain: module.name });
  const tokens = new TokenService({
    signingSecret: config.signingSecret,
    previousSigningSecrets: config.previousSigningSecrets,
    issuer: config.jwtIssuer,
  });
  const opened = await module.open({ env: options.env, config, tokens, logger, dataDir: options.dataDir });
  const database = opened.dependencies?.database;
  const untrackDatabase = database ? trackDatabaseProbe(module.name, database) : () => {};
  try {
    const server = await startGrpcServer({
      name: module.name,
      host: options.host ?? config.grpcHost,
      port: options.port ?? config.grpcPort,
      socketPath: options.socketPath,
      bindings: [
        ...opened.bindings,
        createAuthServiceBinding({ apiKeys: config.apiKeys, tokens }),
        createHealthStatusBinding({ ...module.health, version: options.version }),
        createMetricsBinding({ logger }),
      ],
      protoRoot: PROTO_ROOT,
      protoFiles: [...COMMON_PROTO_FILES, ...module.protoFiles],
      logger,
      dependencies: opened.dependencies,
    });
    return {
      name: module.name,
      address: server.address,
      inProcess: server.inProcess,
      stop: async () => {
        await server.shutdown();
        untrackDatabase();
        await opened.close();
      },
    };
  } catch (error) {
    untrackDatabase();
    await opened.close();
    throw error;
  }
}
