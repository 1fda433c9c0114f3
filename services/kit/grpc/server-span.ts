import type * as grpc from "@grpc/grpc-js";
import {
  context,
  ProxyTracerProvider,
  propagation,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from "@opentelemetry/api";
import { statusName } from "./call-status.js";

// A no-op until tracing/tracing.ts registers an SDK.
const tracer = trace.getTracer("m3-grpc-server");
/** What the global provider delegates to while no SDK is registered. */
const NO_TRACING = new ProxyTracerProvider().getDelegate();

// Codes that mean the server failed, per the OpenTelemetry gRPC conventions; others are the caller's doing.
const SERVER_FAULT_CODES = new Set([
  "UNKNOWN",
  "DEADLINE_EXCEEDED",
  "UNIMPLEMENTED",
  "INTERNAL",
  "UNAVAILABLE",
  "DATA_LOSS",
]);

const metadataGetter: TextMapGetter<grpc.Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key).filter((value): value is string => typeof value === "string");
    return values.length === 0 ? undefined : values;
  },
};

export interface MethodNames {
  /** Fully qualified, e.g. "m3.registry.v1.VideoService". */
  service: string;
  /** e.g. "GetVideo". */
  method: string;
}

/**
 * Runs fn inside a server span that continues the caller's trace (W3C `traceparent` in the
 * metadata) and records the status code fn reports. Without tracing it just runs fn: reading the
 * metadata and making a non-recording span would be work for nothing on every call.
 */
export function withServerSpan<T extends { code: grpc.status }>(
  names: MethodNames,
  metadata: grpc.Metadata,
  fn: () => Promise<T>,
): Promise<T> {
  if (!isTracing()) return fn();
  const parent = propagation.extract(context.active(), metadata, metadataGetter);
  const attributes = { "rpc.system": "grpc", "rpc.service": names.service, "rpc.method": names.method };
  return tracer.startActiveSpan(
    `${names.service}/${names.method}`,
    { kind: SpanKind.SERVER, attributes },
    parent,
    async (span) => {
      try {
        const outcome = await fn();
        span.setAttribute("rpc.grpc.status_code", outcome.code);
        if (SERVER_FAULT_CODES.has(statusName(outcome.code))) span.setStatus({ code: SpanStatusCode.ERROR });
        return outcome;
      } finally {
        span.end();
      }
    },
  );
}

function isTracing(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NO_TRACING;
}
