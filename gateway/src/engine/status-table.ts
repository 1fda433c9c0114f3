import { status as GrpcStatus } from "@grpc/grpc-js";
import type { GrpcStatusName } from "./route-spec.js";

/** The grpc-gateway / connect mapping; every code not listed is a 500. */
const HTTP_STATUS_BY_GRPC: Partial<Record<GrpcStatusName, number>> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

export function grpcStatusName(code: number): GrpcStatusName | undefined {
  const name = GrpcStatus[code];
  return name === undefined || name === "OK" ? undefined : (name as GrpcStatusName);
}

/** HTTP status of a gRPC status code, with the route's overrides applied first. */
export function httpStatusOf(code: number, overrides?: Partial<Record<GrpcStatusName, number>>): number {
  const name = grpcStatusName(code);
  if (name === undefined) return 500;
  return overrides?.[name] ?? HTTP_STATUS_BY_GRPC[name] ?? 500;
}
