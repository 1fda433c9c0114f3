import { readNatsChangeSettings } from "../services/annotation/config.js";
import type { NatsSettings } from "../services/annotation/events/nats-publisher.js";
import { readBoolean, readInt, readString } from "../services/kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS, GATEWAY_HTTP_PORT } from "../services/kit/domain/default-ports.js";
import { type LogFormat, readLogFormat } from "../services/kit/log/log-format.js";
import { DEFAULT_CONSOLE_ROOT } from "./src/console/console-root.js";
import { UNARY_CALL_CLIENTS, type UnaryCalls } from "./src/engine/channel-config.js";
import { type AccessLogSettings, readAccessLogSettings } from "./src/server/access-log.js";

type Env = Record<string, string | undefined>;

/** gRPC ports the domains listen on by default. */
const DEFAULT_GRPC_PORTS: Readonly<Record<string, number>> = DOMAIN_GRPC_PORTS;

export interface GatewayConfig {
  port: number;
  host: string;
  logLevel: string;
  logFormat: LogFormat;
  callTimeoutMillis: number;
  /** M3_GATEWAY_UNARY_CALLS: by the exchange (the default), a stream per call, or grpc-js' channel. */
  unaryCalls: UnaryCalls;
  maxBodyBytes: number;
  corsOrigin: string;
  /** Take the client's address from X-Forwarded-For (behind an ingress or reverse proxy). */
  trustProxy: boolean;
  /** M3_ACCESS_LOG and M3_SLOW_REQUEST_MILLIS. */
  accessLog: AccessLogSettings;
  /** The built web console (M3_CONSOLE_DIR; default .tmp/console of the checkout). */
  consoleRoot: string;
  /** host:port of each domain, from M3_<DOMAIN>_GRPC_ADDRESS. */
  addressOf(domain: string): string;
  /** NATS to follow the annotation changes on (every replica's), instead of one annotation process's stream. */
  changeEventsNats: NatsSettings | undefined;
  /** The environment, for route placement (base and context paths) and OpenTelemetry. */
  env: Env;
}

/** The only reader of process.env for the standalone gateway. */
export function readGatewayConfig(env: Env = process.env): GatewayConfig {
  const upper = (domain: string) => domain.toUpperCase();
  return {
    port: readInt(env, "PORT", GATEWAY_HTTP_PORT, { min: 0, max: 65_535 }),
    host: readString(env, "M3_HOST", "0.0.0.0"),
    logLevel: readString(env, "M3_LOG_LEVEL", "info"),
    logFormat: readLogFormat(env),
    callTimeoutMillis: readInt(env, "M3_GATEWAY_CALL_TIMEOUT_MILLIS", 30_000, { min: 1, max: 3_600_000 }),
    unaryCalls: readUnaryCalls(env),
    maxBodyBytes: readInt(env, "M3_GATEWAY_MAX_BODY_BYTES", 10 * 1024 * 1024, { min: 1024, max: 1024 ** 3 }),
    corsOrigin: readString(env, "M3_CORS_ORIGIN", "*"),
    trustProxy: readBoolean(env, "M3_TRUST_PROXY", false),
    accessLog: readAccessLogSettings(env),
    consoleRoot: readString(env, "M3_CONSOLE_DIR", DEFAULT_CONSOLE_ROOT),
    addressOf: (domain) =>
      readString(env, `M3_${upper(domain)}_GRPC_ADDRESS`, `127.0.0.1:${DEFAULT_GRPC_PORTS[domain] ?? 50050}`),
    changeEventsNats: readNatsChangeSettings(env),
    env,
  };
}

function readUnaryCalls(env: Env): UnaryCalls {
  const value = readString(env, "M3_GATEWAY_UNARY_CALLS", "exchange");
  const known = UNARY_CALL_CLIENTS.find((client) => client === value);
  if (!known)
    throw new Error(`M3_GATEWAY_UNARY_CALLS must be one of ${UNARY_CALL_CLIENTS.join(", ")}, not "${value}"`);
  return known;
}
