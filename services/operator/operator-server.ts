/**
 * The operator's HTTP endpoint: `/healthz` (200 while the process runs its loops: the liveness
 * probe), `/readyz` (200 once it has started campaigning for the Lease; a follower is ready, it
 * just waits) and `/metrics` (Prometheus text: its own metrics and the process's).
 */
import { createServer, type Server } from "node:http";
import { metricsContentType, metricsText } from "../kit/metrics/metrics-registry.js";

export interface OperatorServer {
  port: number;
  markReady(): void;
  close(): Promise<void>;
}

export async function startOperatorServer(port: number, host = "0.0.0.0"): Promise<OperatorServer> {
  let ready = false;
  const server: Server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (request.method !== "GET") {
      response.writeHead(405, { allow: "GET" }).end();
    } else if (path === "/healthz") {
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    } else if (path === "/readyz") {
      response.writeHead(ready ? 200 : 503, { "content-type": "text/plain" }).end(ready ? "ok" : "starting");
    } else if (path === "/metrics") {
      metricsText().then(
        (text) => response.writeHead(200, { "content-type": metricsContentType }).end(text),
        () => response.writeHead(500).end(),
      );
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    markReady: () => {
      ready = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
