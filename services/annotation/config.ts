import { isAbsolute } from "node:path";
import { readInt, readString } from "../kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS } from "../kit/domain/default-ports.js";
import type { Env } from "../kit/domain/domain-module.js";
import type { ChangeEventSettings } from "./events/events-part.js";
import type { NatsSettings } from "./events/nats-publisher.js";
import type { RegistryLink } from "./query/registry-link.js";

export const ANNOTATION_DEFAULT_GRPC_PORT = DOMAIN_GRPC_PORTS.annotation;

/**
 * The only reader of process.env for the annotation process; the common settings (port,
 * secrets, database URL) come from readDomainConfig.
 */
export function readAnnotationProcessConfig(processEnv: Env = process.env): Env {
  return { ...processEnv };
}

export interface AnnotationSettings {
  /**
   * Where the tabular query's view finds the registry's tables: its database on the
   * annotation database's MySQL server, or its schema in the annotation's PostgreSQL database
   * (M3_ANNOTATION_REGISTRY_SCHEMA), or its SQLite file
   * (M3_ANNOTATION_REGISTRY_SQLITE_FILE), attached read-only. Neither: the registry columns are null.
   */
  registry: RegistryLink | undefined;
  /** Where committed changes are published besides the gRPC watch (NATS, ZeroMQ: off unless set). */
  events: ChangeEventSettings;
  /** host:port of the kb's gRPC server (M3_KB_GRPC_ADDRESS), for box queries with descendants and relabels; unset: neither. */
  kbGrpcAddress: string | undefined;
}

/**
 * M3_EVENTS_NATS_URL turns NATS on (subject M3_EVENTS_NATS_SUBJECT, default "vars");
 * M3_EVENTS_ZEROMQ_PORT turns the ZeroMQ PUB socket on (M3_EVENTS_ZEROMQ_HOST, default every
 * interface; topic M3_EVENTS_ZEROMQ_TOPIC, default "vars"); M3_EVENTS_QUEUE_LIMIT bounds each
 * watcher's queue.
 */
export function readChangeEventSettings(env: Env): ChangeEventSettings {
  const zeroMqPort = env.M3_EVENTS_ZEROMQ_PORT?.trim();
  return {
    queueLimit: readInt(env, "M3_EVENTS_QUEUE_LIMIT", 10_000, { min: 1, max: 10_000_000 }),
    nats: readNatsChangeSettings(env),
    zeroMq: zeroMqPort
      ? {
          host: readString(env, "M3_EVENTS_ZEROMQ_HOST", "*"),
          port: readInt(env, "M3_EVENTS_ZEROMQ_PORT", 5563, { min: 1, max: 65_535 }),
          topic: readString(env, "M3_EVENTS_ZEROMQ_TOPIC", "vars"),
        }
      : undefined,
  };
}

/**
 * Where the annotation processes publish their changes on NATS, and where the gateways follow
 * them (M3_EVENTS_NATS_URL, M3_EVENTS_NATS_SUBJECT); unset, NATS is off.
 */
export function readNatsChangeSettings(env: Env): NatsSettings | undefined {
  const url = env.M3_EVENTS_NATS_URL?.trim();
  return url ? { url, subject: readString(env, "M3_EVENTS_NATS_SUBJECT", "vars") } : undefined;
}

export function readAnnotationSettings(env: Env): AnnotationSettings {
  const schema = env.M3_ANNOTATION_REGISTRY_SCHEMA?.trim();
  const file = env.M3_ANNOTATION_REGISTRY_SQLITE_FILE?.trim();
  if (schema && file) {
    throw new Error("set M3_ANNOTATION_REGISTRY_SCHEMA or M3_ANNOTATION_REGISTRY_SQLITE_FILE, not both");
  }
  const events = readChangeEventSettings(env);
  const kbGrpcAddress = env.M3_KB_GRPC_ADDRESS?.trim() || undefined;
  if (schema) return { registry: { kind: "schema", schema }, events, kbGrpcAddress };
  if (file) {
    if (!isAbsolute(file))
      throw new Error(`M3_ANNOTATION_REGISTRY_SQLITE_FILE must be an absolute path, got "${file}"`);
    return { registry: { kind: "sqlite-file", file }, events, kbGrpcAddress };
  }
  return { registry: undefined, events, kbGrpcAddress };
}
