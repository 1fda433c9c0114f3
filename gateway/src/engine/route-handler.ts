import type { ParameterizedContext } from "koa";
import { type BodyLimits, createBodyReader } from "./body-codecs.js";
import type { DomainTransport } from "./domain-transport.js";
import { gatewayErrorOf } from "./grpc-errors.js";
import { type RenderedReplies, renderingKey } from "./rendered-replies.js";
import { writeReply, writeUnaryReply } from "./reply-writer.js";
import { buildRequest, type ParsedBody } from "./request-builder.js";
import { requestMetadata } from "./request-metadata.js";
import type { BoundRoute } from "./route-binding.js";
import { writeStreamedReply } from "./stream-reply.js";
import { streamUpload } from "./upload-stream.js";

export interface HandlerSettings extends BodyLimits {
  callTimeoutMillis: number;
  /** The renderings of recent replies, shared by every route. */
  renderedReplies: RenderedReplies;
}

/** State the engine leaves on the Koa context for logging and metrics. */
export interface GatewayState {
  requestId: string;
  /** The matched route's template, e.g. `/vam/v1/videos/{uuid}`. */
  routeTemplate?: string;
}

/** A Koa context of a routed request: its path parameters, percent-decoded. */
export type RouteContext = ParameterizedContext & { params: Record<string, string> };

const NO_BODY: ParsedBody = { kind: "none" };

/**
 * The one handler of every route: build the request, call the domain, render the reply.
 * Streamed calls have no deadline: they last as long as the client reads or sends, and a
 * client that goes away cancels them.
 */
export function createRouteHandler(
  route: BoundRoute,
  client: DomainTransport,
  settings: HandlerSettings,
): (ctx: RouteContext) => Promise<void> {
  const readBody =
    route.body === undefined || route.upload ? undefined : createBodyReader(route.bodyEncodings, settings);
  const { requestType, responseType } = route.rpc;
  return async (ctx: RouteContext) => {
    const state = ctx.state as GatewayState;
    state.routeTemplate = route.template;
    const metadata = requestMetadata(ctx, state.requestId);
    if (route.upload) {
      const reply = await streamUpload(ctx, route, client, { maxBodyBytes: settings.maxBodyBytes, metadata });
      writeReply(ctx, route, responseType.decode(reply));
      return;
    }
    const body = readBody ? await readBody(ctx) : NO_BODY;
    const request = buildRequest(route, { params: ctx.params, query: ctx.query, body });
    const bytes = requestType.encode(requestType.fromObject(request)).finish();
    if (route.rpc.responseStream) {
      const stream = client.serverStream(route.rpc.path, bytes, { metadata });
      ctx.res.once("close", () => stream.cancel());
      await writeStreamedReply(ctx, route, stream, client);
      return;
    }
    let reply: Buffer;
    try {
      reply = await client.unary(route.rpc.path, bytes, {
        metadata,
        timeoutMillis: settings.callTimeoutMillis,
        closedBy: ctx.res,
      });
    } catch (error) {
      throw gatewayErrorOf(error, route, client);
    }
    const key = renderingKey(route.method, route.template, bytes);
    writeUnaryReply(
      ctx,
      route,
      reply,
      key === undefined ? undefined : { replies: settings.renderedReplies, key },
    );
  };
}
