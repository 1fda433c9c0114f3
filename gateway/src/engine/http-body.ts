import type { Context } from "koa";
import type protobuf from "protobufjs";
import { findField } from "./field-names.js";

/** A field of a reply message by its proto or camelCase name. */
export function replyField(type: protobuf.Type, message: protobuf.Message, name: string): unknown {
  const field = findField(type, name);
  return field ? (message as unknown as Record<string, unknown>)[field.name] : undefined;
}

/** Content-Type verbatim and, for a non-empty `filename`, Content-Disposition: attachment. */
export function setHttpBodyHeaders(
  ctx: Context,
  type: protobuf.Type,
  message: protobuf.Message | undefined,
): void {
  const filename = message ? replyField(type, message, "filename") : undefined;
  if (typeof filename === "string" && filename !== "") ctx.attachment(filename);
  const contentType = message ? replyField(type, message, "content_type") : undefined;
  // Set verbatim: ctx.type would append a charset to text types the domain did not declare.
  ctx.set(
    "Content-Type",
    typeof contentType === "string" && contentType !== "" ? contentType : "application/octet-stream",
  );
}
