import { trace } from "@opentelemetry/api";
import test from "ava";
import { startTracing } from "../../../services/kit/tracing/tracing.js";

const recording = () => {
  const span = trace.getTracer("probe").startSpan("probe");
  span.end();
  return span.isRecording();
};

test("tracing stays off without an exporter setting", async (t) => {
  const tracing = await startTracing({ serviceName: "probe", env: {} });
  t.false(recording());
  await t.notThrowsAsync(tracing.shutdown());
});

test("OTEL_TRACES_EXPORTER=none keeps tracing off even with an endpoint", async (t) => {
  const tracing = await startTracing({
    serviceName: "probe",
    env: { OTEL_TRACES_EXPORTER: "none", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:1" },
  });
  t.false(recording());
  await tracing.shutdown();
});

test("OTEL_SDK_DISABLED=true keeps tracing off", async (t) => {
  const tracing = await startTracing({
    serviceName: "probe",
    env: { OTEL_SDK_DISABLED: "true", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:1" },
  });
  t.false(recording());
  await tracing.shutdown();
});

test("an unknown exporter name is refused, naming the variable", async (t) => {
  await t.throwsAsync(startTracing({ serviceName: "probe", env: { OTEL_TRACES_EXPORTER: "zipkin" } }), {
    message: 'OTEL_TRACES_EXPORTER must be otlp, console or none, got "zipkin"',
  });
});
