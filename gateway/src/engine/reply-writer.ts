import type { Context } from "koa";
import type protobuf from "protobufjs";
import { replyField, setHttpBodyHeaders } from "./http-body.js";
import type { RenderedReplies } from "./rendered-replies.js";
import { renderMessage, renderOneField } from "./response-renderer.js";
import type { BoundRoute } from "./route-binding.js";

/** Writes the decoded reply as the route asks: JSON, one field of it, raw bytes, or nothing. */
export function writeReply(ctx: Context, route: BoundRoute, message: protobuf.Message): void {
  ctx.status = route.successStatus;
  if (route.successStatus === 204) return;
  if (route.render === "http-body") {
    writeHttpBody(ctx, route.rpc.responseType, message);
    for (const { header, field } of route.replyHeaders) {
      const value = (message as unknown as Record<string, unknown>)[field.name];
      if (typeof value === "string" && value !== "") ctx.set(header, value);
    }
    return;
  }
  ctx.type = "application/json";
  ctx.body = renderJson(route, message);
}

/**
 * Writes a unary call's reply bytes as writeReply does; given a key (renderingKey), a JSON reply
 * whose bytes repeat under it reuses its rendering (RenderedReplies).
 */
export function writeUnaryReply(
  ctx: Context,
  route: BoundRoute,
  reply: Buffer,
  rendered: { replies: RenderedReplies; key: string } | undefined,
): void {
  if (route.successStatus === 204 || route.render === "http-body") {
    writeReply(ctx, route, route.rpc.responseType.decode(reply));
    return;
  }
  ctx.status = route.successStatus;
  ctx.type = "application/json";
  const render = () => renderJson(route, route.rpc.responseType.decode(reply));
  ctx.body = rendered ? rendered.replies.json(rendered.key, reply, render) : render();
}

function renderJson(route: BoundRoute, message: protobuf.Message): string {
  const options = { casing: route.casing, nulls: route.nulls };
  const json = route.responseField
    ? renderOneField(route.responseField, message, options)
    : renderMessage(route.rpc.responseType, message, options);
  return JSON.stringify(json);
}

function writeHttpBody(ctx: Context, type: protobuf.Type, message: protobuf.Message): void {
  setHttpBodyHeaders(ctx, type, message);
  const data = replyField(type, message, "data");
  ctx.body =
    data instanceof Uint8Array ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.alloc(0);
}
