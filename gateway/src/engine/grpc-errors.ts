import { status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import type { DomainTransport } from "./domain-transport.js";
import { GatewayError } from "./error-body.js";
import type { BoundRoute } from "./route-binding.js";
import { grpcStatusName, httpStatusOf } from "./status-table.js";

/** DomainError metadata travels as `m3-error-<key>`; keys `http-header-<name>` become response headers. */
const HEADER_PREFIX = "m3-error-http-header-";
/** Seconds a client should wait while a domain's server is away (restarting, rolling out). */
const DOMAIN_RETRY_AFTER_SECONDS = 5;

/** A failed call as the HTTP error the client sees; the details are the domain's message. */
export function gatewayErrorOf(error: unknown, route: BoundRoute, client: DomainTransport): GatewayError {
  const { code, details, metadata } = error as Partial<ServiceError>;
  if (typeof code !== "number") return new GatewayError(500, "Internal server error");
  const status = httpStatusOf(code, route.errorStatus);
  if (code === GrpcStatus.UNAVAILABLE && !client.isConnected()) {
    return new GatewayError(status, `The ${route.domain} service is unavailable`, {
      "Retry-After": String(DOMAIN_RETRY_AFTER_SECONDS),
    });
  }
  const message = details || grpcStatusName(code) || "Internal server error";
  return new GatewayError(status, message, metadata ? headersOf(metadata.getMap()) : {});
}

function headersOf(entries: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (key.startsWith(HEADER_PREFIX) && key.length > HEADER_PREFIX.length && typeof value === "string") {
      headers[headerName(key.slice(HEADER_PREFIX.length))] = value;
    }
  }
  return headers;
}

/** "retry-after" -> "Retry-After". */
function headerName(key: string): string {
  return key.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}
