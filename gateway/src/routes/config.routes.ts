import { CONFIG_RPC_ACCESS } from "../../../services/config/config.access.js";
import type { RouteSpec, ServiceRoutes } from "../engine/route-spec.js";

const AUTH = "m3.config.v1.ConfigAuthService";
const HEALTH = "m3.config.v1.ServiceHealthService";

const authRoutes: RouteSpec[] = [
  {
    method: "POST",
    path: "/auth",
    rpc: `${AUTH}/CreateToken`,
    summary: "Exchange the master key (header `X-Api-Key`) or a kb user's Basic credentials for a JWT",
  },
  {
    method: "POST",
    path: "/auth/verify",
    rpc: `${AUTH}/VerifyToken`,
    responseBody: "claims",
    summary: "The string claims of a config token (header `Authorization: Bearer <jwt>`)",
  },
  {
    method: "POST",
    path: "/auth/encode",
    rpc: `${AUTH}/EncodeLoginFile`,
    render: "http-body",
    summary: "A login file (URL, encrypted username, encrypted password) for a kb user's Basic credentials",
  },
  {
    method: "POST",
    path: "/auth/login",
    rpc: `${AUTH}/LoginWithFile`,
    body: "content",
    bodyEncodings: ["text"],
    summary: "Exchange a login file (the text body, as /auth/encode returned it) for a JWT",
  },
];

const discoveryRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/endpoints",
    rpc: "m3.config.v1.EndpointService/ListEndpoints",
    query: ["internal"],
    responseBody: "endpoints",
    summary: "The services' endpoints; secrets only with a valid config token (Bearer)",
  },
  {
    method: "GET",
    path: "/health",
    rpc: "m3.common.v1.HealthStatusService/GetHealthStatus",
    summary: "Health and runtime figures of the config service",
  },
  {
    method: "GET",
    path: "/health/expected",
    rpc: `${HEALTH}/ListExpectedServices`,
    responseBody: "services",
    summary: "Every service expected to run, without health",
  },
  {
    method: "GET",
    path: "/health/available",
    rpc: `${HEALTH}/ListAvailableServices`,
    responseBody: "services",
    summary: "The services that are up, with their health",
  },
  {
    method: "GET",
    path: "/health/status",
    rpc: `${HEALTH}/ListServiceStatuses`,
    responseBody: "services",
    summary: "Every service; those that are down have a null healthStatus",
  },
];

export const configRoutes: ServiceRoutes = {
  domain: "config",
  basePath: "/config",
  title: "m3 configuration service",
  protoFiles: [
    "m3/common/v1/health.proto",
    "m3/config/v1/resources.proto",
    "m3/config/v1/config_auth_service.proto",
    "m3/config/v1/endpoint_service.proto",
    "m3/config/v1/service_health_service.proto",
  ],
  access: CONFIG_RPC_ACCESS,
  casing: "camel",
  nulls: "null",
  routes: [...authRoutes, ...discoveryRoutes],
};
