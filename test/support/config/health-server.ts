import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeService {
  /** Base URL; the service answers at `<url>/health`. */
  url: string;
  /** Paths requested so far. */
  requests: string[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** The legacy HealthStatus JSON a healthy service prints. */
export function healthJson(application: string, freeMemory = 123_456) {
  return {
    jdkVersion: "21.0.2",
    availableProcessors: 4,
    freeMemory,
    maxMemory: 1_000_000_000,
    totalMemory: 200_000_000,
    application,
    version: "1.2.3",
    description: `${application} service`,
  };
}

/** An HTTP server under a base path (e.g. "/anno/v1") answering with the given handler. */
export async function startFakeService(basePath: string, answer: RequestListener): Promise<FakeService> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    answer(request, response);
  });
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    connections: () => connections,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A service whose /health answers with the record of a healthy legacy service. */
export function startHealthyService(basePath: string, application: string): Promise<FakeService> {
  return startFakeService(basePath, (request, response) => {
    if (request.url !== `${basePath}/health`) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(healthJson(application)));
  });
}
