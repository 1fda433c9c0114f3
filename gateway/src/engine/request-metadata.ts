import type { Context } from "koa";
import { type CallMetadata, isLegalMetadataValue } from "../../../services/kit/grpc/call-metadata.js";
import { GatewayError } from "./error-body.js";

/** HTTP headers carried to the domain as gRPC metadata (auth is enforced there). */
const FORWARDED_HEADERS = ["authorization", "x-api-key", "traceparent", "tracestate"] as const;

/**
 * The metadata of the request's calls to the domains: the forwarded headers, the request's id and
 * the client's address. A forwarded header gRPC cannot carry (a byte outside printable ASCII) is
 * the client's error: 400, and no call is made.
 */
export function requestMetadata(ctx: Context, requestId: string): CallMetadata {
  const metadata: Record<string, string> = {};
  for (const header of FORWARDED_HEADERS) {
    const value = ctx.get(header);
    if (value === "") continue;
    if (!isLegalMetadataValue(value)) {
      throw new GatewayError(400, `The ${header} header holds characters other than printable ASCII`);
    }
    metadata[header] = value;
  }
  metadata["x-request-id"] = requestId;
  // The socket's address, or X-Forwarded-For's first entry when the gateway trusts its proxy.
  if (ctx.ip && isLegalMetadataValue(ctx.ip)) metadata["x-client-address"] = ctx.ip;
  return metadata;
}
