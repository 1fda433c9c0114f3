import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import test from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { startTracing } from "../../../services/kit/tracing/tracing.js";
import { callUnary, probeBinding, silentLogger, startProbeServer } from "./probe-service.js";

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

test("with an OTLP endpoint, a call's server span continues the caller's traceparent and is exported", async (t) => {
  const exports: { path: string; body: string }[] = [];
  const collector = createServer(async (request, response) => {
    exports.push({ path: request.url ?? "", body: await bodyOf(request) });
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  collector.listen(0, "127.0.0.1");
  await once(collector, "listening");
  t.teardown(() => collector.close());
  const { port } = collector.address() as AddressInfo;

  const tracing = await startTracing({
    serviceName: "probe",
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` },
  });
  const probe = await startProbeServer(
    [probeBinding(new TokenService({ signingSecret: "s", issuer: "i" }))],
    silentLogger(),
  );
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  const parentSpanId = "00f067aa0ba902b7";
  await callUnary(probe.client, "ping", {}, { traceparent: `00-${traceId}-${parentSpanId}-01` });
  await probe.close();
  await tracing.shutdown();

  t.true(exports.length > 0);
  t.true(exports.every((exported) => exported.path === "/v1/traces"));
  const spans = exports.flatMap(
    (exported) =>
      (JSON.parse(exported.body) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] })
        .resourceSpans,
  );
  const span = spans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans))[0];
  t.like(span, { name: "m3.testing.v1.ProbeService/Ping", traceId, parentSpanId });
});
