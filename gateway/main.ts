/** The gateway as its own process: REST in front of the domains' gRPC servers. */
import { onShutdownSignal } from "../services/kit/grpc/shutdown.js";
import { createLogger } from "../services/kit/log/logger.js";
import { PROTO_ROOT } from "../services/kit/proto-root.js";
import { startTracing } from "../services/kit/tracing/tracing.js";
import { readGatewayConfig } from "./config.js";
import { startGateway } from "./src/index.js";
import { allServiceRoutes } from "./src/routes/index.js";
import { placeRoutes } from "./src/routes/placement.js";

const config = readGatewayConfig();
const logger = createLogger({ name: "m3-gateway", level: config.logLevel, format: config.logFormat });
const tracing = await startTracing({ serviceName: "m3-gateway", env: config.env });
const gateway = await startGateway({
  targets: allServiceRoutes.map((routes) => ({
    routes: placeRoutes(routes, config.env),
    address: config.addressOf(routes.domain),
  })),
  protoRoot: PROTO_ROOT,
  logger,
  port: config.port,
  host: config.host,
  callTimeoutMillis: config.callTimeoutMillis,
  unaryCalls: config.unaryCalls,
  maxBodyBytes: config.maxBodyBytes,
  corsOrigin: config.corsOrigin,
  trustProxy: config.trustProxy,
  accessLog: config.accessLog,
  consoleRoot: config.consoleRoot,
  changeEventsNats: config.changeEventsNats,
});
logger.info({ port: gateway.port }, "gateway listening");
onShutdownSignal(async () => {
  await gateway.close();
  await tracing.shutdown();
}, logger);
