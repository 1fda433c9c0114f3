export type {
  BodyEncoding,
  Casing,
  GrpcStatusName,
  HttpMethod,
  NullRule,
  RenderMode,
  RouteSpec,
  ServiceRoutes,
} from "./engine/route-spec.js";
export {
  closeGatewayApp,
  createGatewayApp,
  type GatewayOptions,
  type GatewayTarget,
} from "./server/gateway-app.js";
export {
  type GatewayListener,
  openGatewayListener,
  type RunningGateway,
  startGateway,
} from "./server/gateway-listener.js";
