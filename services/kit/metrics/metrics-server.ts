import { createServer, type Server } from "node:http";
import { metricsContentType, metricsText } from "./metrics-registry.js";

/** A domain process's Prometheus endpoint: `GET /metrics` on its own port (gRPC cannot be scraped). */
export async function startMetricsServer(options: { host: string; port: number }): Promise<{
  port: number;
  close(): Promise<void>;
}> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end('{"message":"Not found","responseCode":404}');
      return;
    }
    metricsText().then(
      (text) => response.writeHead(200, { "content-type": metricsContentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
