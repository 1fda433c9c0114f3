import { Readable } from "node:stream";
import type { ServiceError } from "@grpc/grpc-js";
import type { Context } from "koa";
import {
  ReadVideoFileRequest,
  ReadVideoFileResponse,
  type VideoFileHead,
} from "../../../proto/gen/m3/capture/v1/video_file_service.js";
import type { DomainTransport, ReplyStream } from "../engine/domain-transport.js";
import { GatewayError } from "../engine/error-body.js";
import { requestMetadata } from "../engine/request-metadata.js";
import type { GatewayState } from "../engine/route-handler.js";
import { httpStatusOf } from "../engine/status-table.js";
import type { Router } from "../server/router.js";

const READ_VIDEO_FILE = "/m3.capture.v1.VideoFileService/ReadVideoFile";
/** An unsatisfiable range is HTTP's 416, not the table's 400. */
const ERROR_STATUS = { OUT_OF_RANGE: 416 } as const;
/** The header the capture domain sends with a 416 (DomainError metadata `http-header-content-range`). */
const CONTENT_RANGE_METADATA = "m3-error-http-header-content-range";

/**
 * `GET <capture base>/media?ticket=…`: a `file:` video under the capture roots, for a browser's
 * video element, with HTTP Range (one range: 206 with Content-Range; 416 past the end; If-Range).
 * The ticket, from `POST <capture base>/media/tickets`, is the credential, since a video element
 * sends no Authorization header. The capture domain checks it, the roots and the range, and
 * sends a head and then the bytes; this route copies them onto HTTP. It is not a route-table
 * entry because its status and headers come from the reply's head.
 */
export function registerVideoFileRoute(router: Router, path: string, capture: DomainTransport): void {
  router.get(path, (ctx) => serveVideoFile(ctx, capture));
}

async function serveVideoFile(ctx: Context, capture: DomainTransport): Promise<void> {
  const ticket = typeof ctx.query.ticket === "string" ? ctx.query.ticket : "";
  if (ticket === "") throw new GatewayError(401, "A ticket is required (POST …/media/tickets issues one)");
  const request = ReadVideoFileRequest.encode({
    ticket,
    range: ctx.get("Range"),
    ifRange: ctx.get("If-Range"),
  }).finish();
  const metadata = requestMetadata(ctx, (ctx.state as GatewayState).requestId);
  const stream = capture.serverStream(READ_VIDEO_FILE, request, { metadata });
  ctx.res.once("close", () => stream.cancel());
  const messages = stream[Symbol.asyncIterator]();
  const head = await firstHead(messages, stream);
  ctx.status = head.partial ? 206 : 200;
  ctx.set({
    "Accept-Ranges": "bytes",
    ETag: head.etag,
    "Last-Modified": head.lastModified,
    "Cache-Control": "private, max-age=3600",
  });
  if (head.partial)
    ctx.set("Content-Range", `bytes ${head.firstByte}-${head.lastByte}/${head.fileSizeBytes}`);
  ctx.type = head.contentType;
  if (ctx.method === "HEAD") stream.cancel();
  else ctx.body = Readable.from(bytesOf(messages));
  ctx.length = head.lastByte - head.firstByte + 1;
}

async function firstHead(messages: AsyncIterator<Buffer>, stream: ReplyStream): Promise<VideoFileHead> {
  let first: IteratorResult<Buffer>;
  try {
    first = await messages.next();
  } catch (error) {
    throw httpErrorOf(error);
  }
  const head = first.done ? undefined : ReadVideoFileResponse.decode(first.value).head;
  if (!head) {
    stream.cancel();
    throw new GatewayError(502, "The capture service sent no head for the video file");
  }
  return head;
}

async function* bytesOf(messages: AsyncIterator<Buffer>): AsyncGenerator<Uint8Array> {
  for (let next = await messages.next(); !next.done; next = await messages.next()) {
    const { data } = ReadVideoFileResponse.decode(next.value);
    if (data.length > 0) yield data;
  }
}

function httpErrorOf(error: unknown): GatewayError {
  const { code, details, metadata } = error as Partial<ServiceError>;
  if (typeof code !== "number") return new GatewayError(500, "Internal server error");
  const contentRange = metadata?.get(CONTENT_RANGE_METADATA)[0];
  return new GatewayError(
    httpStatusOf(code, ERROR_STATUS),
    details || "The video file could not be read",
    typeof contentRange === "string" ? { "Content-Range": contentRange } : {},
  );
}
