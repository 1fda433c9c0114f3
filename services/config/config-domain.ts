import type { Logger } from "pino";
import { ConfigAuthServiceService } from "../../proto/gen/m3/config/v1/config_auth_service.js";
import { EndpointServiceService } from "../../proto/gen/m3/config/v1/endpoint_service.js";
import { ServiceHealthServiceService } from "../../proto/gen/m3/config/v1/service_health_service.js";
import type { TokenService } from "../kit/auth/token-service.js";
import type { Env } from "../kit/config/env-reader.js";
import { bindService, type ServiceBinding } from "../kit/grpc/bind-service.js";
import { ConfigAuthService } from "./auth/config-auth.service.js";
import type { UserDirectory } from "./auth/kb-user-directory.js";
import type { EndpointDiscovery } from "./discovery/endpoint-entry.js";
import { EndpointService } from "./endpoints/endpoint.service.js";
import { CONFIG_AUTH_ACCESS } from "./handlers/config-auth.access.js";
import { configAuthHandlers } from "./handlers/config-auth.handlers.js";
import { ENDPOINT_ACCESS } from "./handlers/endpoint.access.js";
import { endpointHandlers } from "./handlers/endpoint.handlers.js";
import { SERVICE_HEALTH_ACCESS } from "./handlers/service-health.access.js";
import { serviceHealthHandlers } from "./handlers/service-health.handlers.js";
import type { ServiceHealthService } from "./health/service-health.service.js";
import type { LoginFileCodec } from "./login-file/login-file.codec.js";

export const CONFIG_PROTO_FILES = [
  "m3/config/v1/resources.proto",
  "m3/config/v1/config_auth_service.proto",
  "m3/config/v1/endpoint_service.proto",
  "m3/config/v1/service_health_service.proto",
] as const;

export interface ConfigDomainDeps {
  env: Env;
  /** The master keys accepted in X-Api-Key (several during a rotation). */
  apiKeys: readonly string[];
  tokens: TokenService;
  users: UserDirectory | undefined;
  loginFiles: LoginFileCodec;
  publicUrl: string;
  discovery: EndpointDiscovery;
  health: ServiceHealthService;
  logger: Logger;
}

/** The config service's gRPC bindings, wired from its parts (tests wire their own parts the same way). */
export function createConfigDomain(deps: ConfigDomainDeps): ServiceBinding[] {
  const auth = new ConfigAuthService({
    apiKeys: deps.apiKeys,
    tokens: deps.tokens,
    users: deps.users,
    loginFiles: deps.loginFiles,
    publicUrl: deps.publicUrl,
  });
  const access = { tokens: deps.tokens, logger: deps.logger };
  return [
    bindService(ConfigAuthServiceService, configAuthHandlers(auth), {
      ...access,
      declaration: CONFIG_AUTH_ACCESS,
    }),
    bindService(
      EndpointServiceService,
      endpointHandlers(new EndpointService(deps.discovery, deps.env), auth),
      {
        ...access,
        declaration: ENDPOINT_ACCESS,
      },
    ),
    bindService(ServiceHealthServiceService, serviceHealthHandlers(deps.health), {
      ...access,
      declaration: SERVICE_HEALTH_ACCESS,
    }),
  ];
}
