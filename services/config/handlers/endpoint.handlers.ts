import type { EndpointServiceService } from "../../../proto/gen/m3/config/v1/endpoint_service.js";
import type { UnaryHandlers } from "../../kit/grpc/bind-service.js";
import type { ConfigAuthService } from "../auth/config-auth.service.js";
import type { EndpointService } from "../endpoints/endpoint.service.js";

export function endpointHandlers(
  endpoints: EndpointService,
  auth: ConfigAuthService,
): UnaryHandlers<typeof EndpointServiceService> {
  return {
    listEndpoints: async (request, ctx) => ({
      endpoints: endpoints.list({
        internal: request.internal,
        withSecrets: await auth.isAuthorized(ctx.authorization),
      }),
    }),
  };
}
