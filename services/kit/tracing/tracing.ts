import type { SpanExporter } from "@opentelemetry/sdk-trace-base";

export interface TracingOptions {
  serviceName: string;
  env: Record<string, string | undefined>;
}

export interface Tracing {
  shutdown(): Promise<void>;
}

type ExporterChoice = { kind: "console" } | { kind: "otlp"; url?: string };

/**
 * Starts the OpenTelemetry SDK when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_TRACES_EXPORTER=otlp|console); otherwise
 * tracing stays a no-op. Only traces are exported: metrics go to Prometheus, logs to stdout.
 * The SDK's default propagator (W3C trace context) lets a call continue the gateway's trace.
 * The SDK is imported only then: its ~2,000 modules cost every other start ~0.5 s.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const choice = chosenExporter(options.env);
  if (!choice) return { shutdown: async () => {} };
  const [{ NodeSDK }, traceExporter] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    createExporter(choice),
  ]);
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    traceExporter,
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

async function createExporter(choice: ExporterChoice): Promise<SpanExporter> {
  if (choice.kind === "console") {
    const { ConsoleSpanExporter } = await import("@opentelemetry/sdk-trace-base");
    return new ConsoleSpanExporter();
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
  return new OTLPTraceExporter(choice.url ? { url: choice.url } : {});
}

/** Which exporter the settings ask for; an unknown name is refused before anything is imported. */
function chosenExporter(env: TracingOptions["env"]): ExporterChoice | undefined {
  const kind = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() || undefined;
  const endpoint = tracesEndpoint(env);
  if (env.OTEL_SDK_DISABLED === "true" || kind === "none") return undefined;
  if (kind === "console") return { kind };
  if (kind === "otlp" || (kind === undefined && endpoint !== undefined))
    return { kind: "otlp", url: endpoint };
  if (kind === undefined) return undefined;
  throw new Error(`OTEL_TRACES_EXPORTER must be otlp, console or none, got "${env.OTEL_TRACES_EXPORTER}"`);
}

function tracesEndpoint(env: TracingOptions["env"]): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, "")}/v1/traces` : undefined;
}
