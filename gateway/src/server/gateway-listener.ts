import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { warmBodyCodecs } from "../engine/body-codecs.js";
import { closeGatewayApp, createGatewayApp, type GatewayOptions } from "./gateway-app.js";

/** Pending connections the kernel holds for the gateway (capped by net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;
/** How long an idle keep-alive connection stays open: above the 60 s of common reverse proxies. */
export const KEEP_ALIVE_TIMEOUT_MILLIS = 65_000;
/** While closing, how often connections that have finished their request are closed. */
const IDLE_SWEEP_MILLIS = 100;

export interface RunningGateway {
  port: number;
  close(): Promise<void>;
}

/** The gateway's port, held open before its app exists. */
export interface GatewayListener {
  port: number;
  /** Builds the app and answers requests with it from now on. */
  serve(options: GatewayOptions): Promise<RunningGateway>;
  close(): Promise<void>;
}

/**
 * Listens on the gateway's port at once, so the port is known and held while the
 * domains behind it start; until serve() every request gets a JSON 503. Port 0 picks a
 * free port.
 */
export async function openGatewayListener(port: number, host?: string): Promise<GatewayListener> {
  let handle = answerStarting;
  const server = createServer((request, response) => handle(request, response));
  // Idle connections outlive those of the proxies in front (ingress-nginx keeps them 60 s):
  // closing first would race a request the proxy sends on the closing socket (a 502 there).
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MILLIS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MILLIS + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Room for a burst of new connections (a batch tool opening hundreds at once) while the
    // event loop is busy: Node's default backlog of 511 drops the rest, which retry for seconds.
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A connection busy when closing begins is idle once its request is done: closed then, not
    // left open for the keep-alive timeout.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MILLIS);
    await closed.finally(() => clearInterval(sweep));
  };
  return {
    port: (server.address() as AddressInfo).port,
    close,
    serve: async (options) => {
      const app = await createGatewayApp(options);
      handle = app.callback();
      setImmediate(warmBodyCodecs);
      return {
        port: (server.address() as AddressInfo).port,
        close: async () => {
          await close();
          closeGatewayApp(app);
        },
      };
    },
  };
}

/** Creates the app and serves it over HTTP; port 0 picks a free port. */
export async function startGateway(
  options: GatewayOptions & { port: number; host?: string },
): Promise<RunningGateway> {
  const listener = await openGatewayListener(options.port, options.host);
  try {
    return await listener.serve(options);
  } catch (error) {
    await listener.close();
    throw error;
  }
}

function answerStarting(_request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
  response.end(JSON.stringify({ error: "the gateway is starting" }));
}
