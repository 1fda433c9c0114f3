import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { ConsoleSpanExporter, type SpanExporter } from "@opentelemetry/sdk-trace-base";

export interface TracingOptions {
  serviceName: string;
  env: Record<string, string | undefined>;
}

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_TRACES_EXPORTER=otlp|console); otherwise
 * tracing stays a no-op. Only traces are exported: metrics go to Prometheus, logs to stdout.
 * The SDK's default propagator (W3C trace context) lets a call continue the gateway's trace.
 */
export function startTracing(options: TracingOptions): Tracing {
  const exporter = traceExporter(options.env);
  if (!exporter) return { shutdown: async () => {} };
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    traceExporter: exporter,
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

function traceExporter(env: TracingOptions["env"]): SpanExporter | undefined {
  const kind = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() || undefined;
  const endpoint = tracesEndpoint(env);
  if (env.OTEL_SDK_DISABLED === "true" || kind === "none") return undefined;
  if (kind === "console") return new ConsoleSpanExporter();
  if (kind === "otlp" || (kind === undefined && endpoint !== undefined)) {
    return new OTLPTraceExporter(endpoint ? { url: endpoint } : {});
  }
  if (kind === undefined) return undefined;
  throw new Error(`OTEL_TRACES_EXPORTER must be otlp, console or none, got "${env.OTEL_TRACES_EXPORTER}"`);
}

function tracesEndpoint(env: TracingOptions["env"]): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, "")}/v1/traces` : undefined;
}
