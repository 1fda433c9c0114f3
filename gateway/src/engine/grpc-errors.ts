import { status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import { GatewayError } from "./error-body.js";
import type { DomainClient } from "./grpc-caller.js";
import type { BoundRoute } from "./route-binding.js";
import { grpcStatusName, httpStatusOf } from "./status-table.js";

/** A failed call as the HTTP error the client sees; the details are the domain's message. */
export function gatewayErrorOf(error: unknown, route: BoundRoute, client: DomainClient): GatewayError {
  const { code, details } = error as Partial<ServiceError>;
  if (typeof code !== "number") return new GatewayError(500, "Internal server error");
  const status = httpStatusOf(code, route.errorStatus);
  if (code === GrpcStatus.UNAVAILABLE && !client.isConnected()) {
    return new GatewayError(status, `The ${route.domain} service is unavailable`);
  }
  return new GatewayError(status, details || grpcStatusName(code) || "Internal server error");
}
