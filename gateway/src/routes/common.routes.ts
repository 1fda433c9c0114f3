import type { RouteSpec } from "../engine/route-spec.js";

/** The routes every API-key domain serves the same way: token exchange and the legacy health record. */
export function commonRoutes(): RouteSpec[] {
  return [
    {
      method: "POST",
      path: "/v1/auth",
      rpc: "m3.common.v1.AuthService/CreateToken",
      casing: "snake",
      summary: "Exchange the API key (header `Authorization: APIKEY <key>`) for a JWT",
    },
    {
      method: "GET",
      path: "/v1/health",
      rpc: "m3.common.v1.HealthStatusService/GetHealthStatus",
      casing: "camel",
      summary: "Health and runtime figures of the service",
    },
  ];
}

export const COMMON_PROTO_FILES = ["m3/common/v1/auth.proto", "m3/common/v1/health.proto"] as const;
