import Koa from "koa";
import type { Logger } from "pino";
import { consoleFiles } from "../console/console-files.js";
import { idempotentRpcs, type UnaryCalls } from "../engine/channel-config.js";
import type { DomainTransport } from "../engine/domain-transport.js";
import { DomainClient } from "../engine/grpc-caller.js";
import { loadProtoRoot } from "../engine/proto-registry.js";
import { RenderedReplies } from "../engine/rendered-replies.js";
import { type BoundRoute, bindRoutes } from "../engine/route-binding.js";
import type { ServiceRoutes } from "../engine/route-spec.js";
import { ChangeFeed } from "../events/change-feed.js";
import { type ChangeSource, grpcChangeSource, natsChangeSource } from "../events/change-streams.js";
import { registerEventsRoute } from "../events/events-route.js";
import { VIDEO_FILE_PATH, withVideoFileRoute } from "../media/video-file-openapi.js";
import { registerVideoFileRoute } from "../media/video-file-route.js";
import { registerDocsRoutes } from "../openapi/docs-routes.js";
import { buildOpenApiDocument } from "../openapi/openapi-document.js";
import { type AccessLogSettings, DEFAULT_ACCESS_LOG } from "./access-log.js";
import { registerApiRoutes } from "./api-routes.js";
import { cors } from "./cors.js";
import { trackDomainStates } from "./domain-states.js";
import { errorHandler } from "./error-handler.js";
import { GatewayMetrics } from "./gateway-metrics.js";
import { collapseDoubledSlashes } from "./path-slashes.js";
import { requestContext } from "./request-context.js";
import { Router } from "./router.js";
import { registerSystemRoutes } from "./system-routes.js";

/**
 * A domain the gateway routes to: at the address of its gRPC server, or through a transport
 * of its own (the all-in-one's in-process calls to the domains of its process).
 */
export type GatewayTarget =
  | {
      routes: ServiceRoutes;
      /** host:port of the domain's gRPC server. */
      address: string;
    }
  | { routes: ServiceRoutes; transport: DomainTransport };

export interface GatewayOptions {
  targets: readonly GatewayTarget[];
  /** Absolute path of proto/; each table's protoFiles are loaded from here. */
  protoRoot: string;
  logger: Logger;
  /** gRPC deadline per call; default 30000. */
  callTimeoutMillis?: number;
  /** Which client makes the unary calls to the domains (M3_GATEWAY_UNARY_CALLS); default "exchange". */
  unaryCalls?: UnaryCalls;
  /** Limit of JSON, form and text bodies (413 beyond); default 10 MiB. */
  maxBodyBytes?: number;
  /** Limit of multipart bodies (413 beyond); default 256 MiB. */
  maxUploadBytes?: number;
  /** Access-Control-Allow-Origin; default "*". */
  corsOrigin?: string;
  /** Trust X-Forwarded-For for the client's address (behind a proxy); default false. */
  trustProxy?: boolean;
  /** Which requests log an access line; default: failed and slow ones (over 1 s). */
  accessLog?: AccessLogSettings;
  /** The built web console served at `/` and `/console/`; without one, `/` says how to build it. */
  consoleRoot?: string;
  /**
   * NATS to follow the annotation changes on (M3_EVENTS_NATS_URL): every annotation replica's.
   * Unset, the gateway follows the annotation service's own WatchChanges stream.
   */
  changeEventsNats?: { url: string; subject: string };
  /**
   * In a clustered all-in-one: where this worker's changes go for the other workers' gateways
   * (`forward`), and where theirs come from (`source`), so every SSE client sees every write.
   */
  changeRelay?: { source: ChangeSource; forward(notices: readonly string[]): void };
  /** Which worker of a clustered all-in-one this is (M3_WORKERS), shown by `/healthz`. */
  workerId?: number;
}

const MIB = 1024 * 1024;
/** Socket errors that say the client went away. */
const CLIENT_GONE = new Set<unknown>(["ECONNRESET", "EPIPE"]);
/** Changes a server-sent-events client may have waiting before it is disconnected. */
const SSE_QUEUE_LIMIT = 10_000;
const appClosers = new WeakMap<Koa, () => void>();

/**
 * The gateway as a Koa app. Throws when a route table does not fit the proto files
 * (unknown rpc, parameter or body field), so a broken table fails at startup.
 */
export async function createGatewayApp(options: GatewayOptions): Promise<Koa> {
  const protoFiles = [...new Set(options.targets.flatMap((target) => target.routes.protoFiles))];
  const root = loadProtoRoot(options.protoRoot, protoFiles);
  const bound = options.targets.map((target) => ({ target, routes: bindRoutes(target.routes, root) }));
  // Tables of one domain at one address (capture's frames and crops) share one channel, whose
  // retry policy knows the reads of all of them.
  const channels = new Map<string, DomainClient>();
  const channelKey = (target: { routes: ServiceRoutes; address: string }) =>
    `${target.routes.domain}@${target.address}`;
  const routesByChannel = new Map<string, BoundRoute[]>();
  for (const { target, routes } of bound) {
    if ("transport" in target) continue;
    const key = channelKey(target);
    routesByChannel.set(key, [...(routesByChannel.get(key) ?? []), ...routes]);
  }
  const clientOf = (target: GatewayTarget): DomainTransport => {
    if ("transport" in target) return target.transport;
    const key = channelKey(target);
    const client =
      channels.get(key) ??
      new DomainClient(target.routes.domain, target.address, {
        idempotent: idempotentRpcs(routesByChannel.get(key) ?? []),
        unaryCalls: options.unaryCalls,
      });
    channels.set(key, client);
    return client;
  };
  const domains = bound.map(({ target, routes }) => ({
    service: target.routes,
    routes,
    client: clientOf(target),
  }));
  const clients = [...new Set(domains.map((domain) => domain.client))];
  const annotation = domains.find((domain) => domain.service.domain === "annotation");
  const capture = domains.find(
    (domain) => domain.service.domain === "capture" && domain.service.name === undefined,
  );
  const nats = options.changeEventsNats;
  const relay = options.changeRelay;
  const changes =
    annotation &&
    new ChangeFeed(
      [
        nats
          ? { source: natsChangeSource(nats.url, nats.subject, options.logger) }
          : { source: grpcChangeSource(annotation.client), forward: relay?.forward },
        ...(relay && !nats ? [{ source: relay.source }] : []),
      ],
      options.logger,
      SSE_QUEUE_LIMIT,
    );
  const untrackDomains = trackDomainStates(clients);
  const closeClients = () => {
    untrackDomains();
    void changes?.close();
    for (const client of clients) client.close();
  };
  try {
    const metrics = new GatewayMetrics();
    const router = new Router();
    registerSystemRoutes(router, clients, metrics, options.workerId);
    if (annotation && changes)
      registerEventsRoute(router, `${annotation.service.basePath}/v1/events`, changes);
    if (capture)
      registerVideoFileRoute(router, `${capture.service.basePath}${VIDEO_FILE_PATH}`, capture.client);
    for (const { target, routes } of bound) {
      const document = () => buildOpenApiDocument(target.routes, routes);
      registerDocsRoutes(
        router,
        target.routes.basePath,
        target.routes.title,
        capture?.service === target.routes ? () => withVideoFileRoute(document()) : document,
        target.routes.docsPaths,
      );
    }
    registerApiRoutes(router, domains, {
      callTimeoutMillis: options.callTimeoutMillis ?? 30_000,
      maxBodyBytes: options.maxBodyBytes ?? 10 * MIB,
      maxUploadBytes: options.maxUploadBytes ?? 256 * MIB,
      renderedReplies: new RenderedReplies(),
    });
    const app = new Koa({ proxy: options.trustProxy ?? false });
    app.use(requestContext(options.logger, metrics, options.accessLog ?? DEFAULT_ACCESS_LOG));
    app.use(cors(options.corsOrigin ?? "*"));
    app.use(errorHandler());
    app.use(collapseDoubledSlashes());
    app.use(consoleFiles(options.consoleRoot));
    app.use(router.routes());
    app.on("error", (error: unknown) => {
      // A client that leaves during a streamed reply (a download, an event stream) is not a
      // fault; the call is cancelled. A reset connection is one such leaving.
      const { code, headerSent } = error as { code?: unknown; headerSent?: unknown };
      if (code === "ERR_STREAM_PREMATURE_CLOSE" || (headerSent === true && CLIENT_GONE.has(code))) {
        options.logger.debug("client left during a streamed reply");
      } else {
        options.logger.error({ err: error }, "unhandled gateway error");
      }
    });
    appClosers.set(app, closeClients);
    return app;
  } catch (error) {
    closeClients();
    throw error;
  }
}

/** Closes the gRPC channels (the transports) of an app made by createGatewayApp. */
export function closeGatewayApp(app: Koa): void {
  appClosers.get(app)?.();
  appClosers.delete(app);
}
