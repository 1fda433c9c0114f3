/**
 * gRPC over HTTP/2 as the protocol defines it (PROTOCOL-HTTP2 of grpc/grpc), for the gateway's
 * own unary client (http2-unary-client.ts): a POST to `/package.Service/Method` with
 * `content-type: application/grpc` and `te: trailers`, each message behind a 5-byte prefix
 * (a compression flag, then the length big-endian), the deadline in `grpc-timeout`, and the
 * outcome in the trailers' `grpc-status` and `grpc-message` (or in the headers of a reply that
 * has no body). Metadata are the other headers, binary ones (`-bin`) in base64.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http2";
import { status as GrpcStatus, Metadata, type ServiceError, type StatusObject } from "@grpc/grpc-js";
import type { CallMetadata } from "../../../services/kit/grpc/call-metadata.js";

const PREFIX_BYTES = 5;
/** grpc-timeout holds at most 8 digits. */
const MAX_TIMEOUT_DIGITS = 99_999_999;
const HIGHEST_STATUS = GrpcStatus.UNAUTHENTICATED;
/** Headers of a reply that are the protocol's, not the domain's metadata. */
const PROTOCOL_HEADERS = [
  "grpc-status",
  "grpc-message",
  "content-type",
  "grpc-encoding",
  "grpc-accept-encoding",
];

/** The request message framed: not compressed, its length, its bytes. */
export function framedMessage(message: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(PREFIX_BYTES + message.byteLength);
  frame[0] = 0;
  frame.writeUInt32BE(message.byteLength, 1);
  frame.set(message, PREFIX_BYTES);
  return frame;
}

/** A unary call's request headers: the method, the protocol's own, the deadline and the metadata. */
export function requestHeaders(
  path: string,
  metadata: CallMetadata,
  timeoutMillis: number,
): OutgoingHttpHeaders {
  return {
    ...metadata,
    ":method": "POST",
    ":path": path,
    "content-type": "application/grpc",
    te: "trailers",
    "grpc-timeout": timeoutHeader(timeoutMillis),
  };
}

/** The time left, in milliseconds while it fits eight digits (27 hours), else in seconds. */
export function timeoutHeader(millis: number): string {
  const whole = Math.max(0, Math.ceil(millis));
  if (whole <= MAX_TIMEOUT_DIGITS) return `${whole}m`;
  return `${Math.min(Math.ceil(whole / 1000), MAX_TIMEOUT_DIGITS)}S`;
}

/**
 * The single reply message of a unary call from its body's bytes, or the status that says why
 * there is none (as grpc-js words them).
 */
export function replyMessage(body: Buffer): Buffer | StatusObject {
  if (body.length < PREFIX_BYTES) return bareStatus(GrpcStatus.UNIMPLEMENTED, "No message received");
  if (body[0] !== 0)
    return bareStatus(GrpcStatus.INTERNAL, "Received a compressed message it did not ask for");
  const length = body.readUInt32BE(1);
  const end = PREFIX_BYTES + length;
  if (body.length < end) return bareStatus(GrpcStatus.INTERNAL, "Received a truncated message");
  if (body.length > end) return bareStatus(GrpcStatus.UNIMPLEMENTED, "Too many responses received");
  return body.subarray(PREFIX_BYTES, end);
}

/** The call's status from the trailers (or a bodiless reply's headers); undefined when they hold none. */
export function statusOf(headers: IncomingHttpHeaders | undefined): StatusObject | undefined {
  const raw = headers?.["grpc-status"];
  if (headers === undefined || raw === undefined) return undefined;
  const number = Number(raw);
  const code =
    Number.isInteger(number) && number >= 0 && number <= HIGHEST_STATUS ? number : GrpcStatus.UNKNOWN;
  // A success's metadata are never read: only a failure's become response headers.
  if (code === GrpcStatus.OK) return { code, details: "", metadata: new Metadata() };
  const metadata = Metadata.fromHttp2Headers(headers);
  for (const name of PROTOCOL_HEADERS) metadata.remove(name);
  return { code, details: decodedMessage(headers["grpc-message"]), metadata };
}

/**
 * The status of a reply whose HTTP status is not 200 (a proxy's, not a gRPC server's), as the
 * protocol maps them.
 */
export function httpStatusOf(httpStatus: number): StatusObject {
  const code =
    httpStatus === 400
      ? GrpcStatus.INTERNAL
      : httpStatus === 401
        ? GrpcStatus.UNAUTHENTICATED
        : httpStatus === 403
          ? GrpcStatus.PERMISSION_DENIED
          : httpStatus === 404
            ? GrpcStatus.UNIMPLEMENTED
            : [429, 502, 503, 504].includes(httpStatus)
              ? GrpcStatus.UNAVAILABLE
              : GrpcStatus.UNKNOWN;
  return bareStatus(code, `Received HTTP status code ${httpStatus}`);
}

export function bareStatus(code: GrpcStatus, details: string): StatusObject {
  return { code, details, metadata: new Metadata() };
}

/** A failed call's status as grpc-js' ServiceError: an Error carrying code, details and metadata. */
export function serviceErrorOf(status: StatusObject): ServiceError {
  const error = new Error(`${status.code} ${GrpcStatus[status.code]}: ${status.details}`);
  return Object.assign(error, status);
}

/** grpc-message is percent-encoded; a malformed one is shown as it came. */
function decodedMessage(raw: string | string[] | undefined): string {
  const text = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
