/**
 * One attempt of a unary call on an HTTP/2 session: the framed request out, the reply and its
 * status in. It fails with a grpc-js ServiceError-like error, `refused` when the server cannot
 * have started the call (the stream was refused, or the session had been told to go away
 * before it was sent), which makes a retry safe even for a write.
 */
import {
  type ClientHttp2Session,
  type ClientHttp2Stream,
  constants,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from "node:http2";
import { status as GrpcStatus, type ServiceError, type StatusObject } from "@grpc/grpc-js";
import { bareStatus, httpStatusOf, replyMessage, serviceErrorOf, statusOf } from "./grpc-wire.js";

/** The HTTP client going away cancels the call: whichever attempt runs is given up. */
export interface Cancellation {
  cancelled: boolean;
  /** Set by the running attempt. */
  cancel?: () => void;
}

export interface CallFailure extends ServiceError {
  /** The server cannot have started the call: sending it again is safe. */
  refused?: boolean;
}

/** Node's errors for a request on a session that is closing or gone: nothing was sent. */
const NOT_SENT = new Set([
  "ERR_HTTP2_GOAWAY_SESSION",
  "ERR_HTTP2_INVALID_SESSION",
  "ERR_HTTP2_OUT_OF_STREAMS",
]);

export function sendUnary(
  session: ClientHttp2Session,
  headers: OutgoingHttpHeaders,
  frame: Buffer,
  deadline: number,
  cancellation: Cancellation,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let stream: ClientHttp2Stream;
    try {
      stream = session.request(headers);
    } catch (error) {
      reject(requestFailure(error));
      return;
    }
    let responseHeaders: IncomingHttpHeaders | undefined;
    let trailers: IncomingHttpHeaders | undefined;
    let streamError: { code?: string } | undefined;
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (outcome: Buffer | CallFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      cancellation.cancel = undefined;
      if (Buffer.isBuffer(outcome)) resolve(outcome);
      else reject(outcome);
    };
    const giveUp = (status: StatusObject) => {
      settle(failure(status));
      stream.close(constants.NGHTTP2_CANCEL);
    };
    const timer = setTimeout(() => giveUp(deadlineExceededStatus()), Math.max(0, deadline - Date.now()));
    cancellation.cancel = () => giveUp(cancelledStatus());
    stream.on("response", (received) => {
      responseHeaders = received;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("trailers", (received) => {
      trailers = received;
    });
    stream.on("error", (error: { code?: string }) => {
      streamError = error;
    });
    stream.on("close", () => {
      if (settled) return;
      const status = statusOf(trailers) ?? statusOf(responseHeaders);
      if (status === undefined) {
        settle(lostCall(session, stream, responseHeaders, streamError));
        return;
      }
      if (status.code !== GrpcStatus.OK) {
        settle(failure(status));
        return;
      }
      const reply = replyMessage(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      settle(Buffer.isBuffer(reply) ? reply : failure(reply));
    });
    stream.end(frame);
  });
}

/** Node refused to open a stream: refused when the session is closing or gone (nothing was sent). */
export function requestFailure(error: unknown): CallFailure {
  const code = (error as { code?: string }).code ?? "";
  return failure(bareStatus(GrpcStatus.UNAVAILABLE, `Connection dropped (${code})`), NOT_SENT.has(code));
}

/** A stream that ended without a gRPC status: refused, reset, an HTTP error, or its connection lost. */
export function lostCall(
  session: ClientHttp2Session,
  stream: ClientHttp2Stream,
  headers: IncomingHttpHeaders | undefined,
  error: { code?: string } | undefined,
): CallFailure {
  const httpStatus = Number(headers?.[":status"] ?? 200);
  if (httpStatus !== 200) return failure(httpStatusOf(httpStatus));
  if (stream.rstCode === constants.NGHTTP2_REFUSED_STREAM) {
    return failure(bareStatus(GrpcStatus.UNAVAILABLE, "Stream refused by server"), true);
  }
  if (NOT_SENT.has(error?.code ?? "")) {
    return failure(bareStatus(GrpcStatus.UNAVAILABLE, `Connection dropped (${error?.code})`), true);
  }
  // Node resets every stream of a session that is lost with CANCEL: only a live session's is the server's.
  if (stream.rstCode === constants.NGHTTP2_CANCEL && !session.destroyed) {
    return failure(bareStatus(GrpcStatus.CANCELLED, "Call cancelled"));
  }
  if (stream.rstCode === constants.NGHTTP2_ENHANCE_YOUR_CALM) {
    return failure(bareStatus(GrpcStatus.RESOURCE_EXHAUSTED, "Bandwidth exhausted or memory limit exceeded"));
  }
  return failure(bareStatus(GrpcStatus.UNAVAILABLE, "Connection dropped"));
}

export function deadlineExceededStatus(): StatusObject {
  return bareStatus(GrpcStatus.DEADLINE_EXCEEDED, "Deadline exceeded");
}

export function cancelledStatus(): StatusObject {
  return bareStatus(GrpcStatus.CANCELLED, "Cancelled on client");
}

export function failure(status: StatusObject, refused = false): CallFailure {
  const error: CallFailure = serviceErrorOf(status);
  if (refused) error.refused = true;
  return error;
}
