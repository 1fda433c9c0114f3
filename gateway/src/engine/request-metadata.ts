import { Metadata } from "@grpc/grpc-js";
import type { Context } from "koa";

/** HTTP headers carried to the domain as gRPC metadata (auth is enforced there). */
const FORWARDED_HEADERS = ["authorization", "x-api-key", "traceparent", "tracestate"] as const;

export function requestMetadata(ctx: Context, requestId: string): Metadata {
  const metadata = new Metadata();
  for (const header of FORWARDED_HEADERS) {
    const value = ctx.get(header);
    if (value !== "") metadata.set(header, value);
  }
  metadata.set("x-request-id", requestId);
  // The socket's address, or X-Forwarded-For's first entry when the gateway trusts its proxy.
  if (ctx.ip) metadata.set("x-client-address", ctx.ip);
  return metadata;
}
