/**
 * Writes a server-streaming reply as its messages arrive, so memory stays flat whatever the
 * size: "json-stream" as one JSON array of the items of every message, "json-stream-object" as
 * one object around such an array, "http-body-stream" as
 * the raw bytes of every message. Nothing is committed before the first message: an error
 * before it is the normal JSON error response; an error after the first byte aborts the
 * response (the client sees a truncated body, never a wrong one).
 */
import { Readable } from "node:stream";
import type { Context } from "koa";
import type protobuf from "protobufjs";
import type { DomainTransport, ReplyStream } from "./domain-transport.js";
import { outputKey } from "./field-names.js";
import { gatewayErrorOf } from "./grpc-errors.js";
import { replyField, setHttpBodyHeaders } from "./http-body.js";
import { renderMessage, renderOneField } from "./response-renderer.js";
import type { BoundRoute } from "./route-binding.js";

type Messages = AsyncIterator<Buffer>;

export async function writeStreamedReply(
  ctx: Context,
  route: BoundRoute,
  stream: ReplyStream,
  client: DomainTransport,
): Promise<void> {
  const messages = stream[Symbol.asyncIterator]() as Messages;
  let first: IteratorResult<Buffer>;
  try {
    first = await messages.next();
  } catch (error) {
    throw gatewayErrorOf(error, route, client);
  }
  const type = route.rpc.responseType;
  const head = first.done ? undefined : type.decode(first.value);
  ctx.status = route.successStatus;
  if (route.render === "http-body-stream") {
    setHttpBodyHeaders(ctx, type, head);
    ctx.body = Readable.from(failLoudly(bodyBytes(type, head, messages)), { objectMode: false });
  } else {
    ctx.type = "application/json";
    const json =
      route.render === "json-stream-object"
        ? jsonObject(route, head, messages)
        : jsonArray(route, head, messages);
    ctx.body = Readable.from(failLoudly(json), { objectMode: false });
  }
}

/** `[items of every message]`. */
async function* jsonArray(route: BoundRoute, head: protobuf.Message | undefined, messages: Messages) {
  const items = streamedItems(route, head, messages);
  yield "[";
  yield* items;
  yield "]";
}

/**
 * `{<the first message's other fields>, "<responseBody>": [items of every message]}`: the
 * streamed list comes last, whatever its place in the message.
 */
async function* jsonObject(route: BoundRoute, head: protobuf.Message | undefined, messages: Messages) {
  const field = streamedField(route);
  const options = { casing: route.casing, nulls: route.nulls };
  const key = outputKey(field, route.casing);
  // The head's items are written with every other message's below, not rendered here too.
  const envelope = head ? renderMessage(route.rpc.responseType, withoutItems(head, field), options) : {};
  delete envelope[key];
  const fields = JSON.stringify(envelope).slice(1, -1);
  yield `{${fields}${fields === "" ? "" : ","}${JSON.stringify(key)}:[`;
  yield* streamedItems(route, head, messages);
  yield "]}";
}

/** The JSON items of the streamed field of every message, comma-separated, a message at a time. */
async function* streamedItems(route: BoundRoute, head: protobuf.Message | undefined, messages: Messages) {
  if (!head) return;
  const field = streamedField(route);
  const options = { casing: route.casing, nulls: route.nulls };
  let written = 0;
  const itemsOf = (message: protobuf.Message): string => {
    const items = renderOneField(field, message, options);
    if (!Array.isArray(items) || items.length === 0) return "";
    const json = items.map((item) => JSON.stringify(item)).join(",");
    const separated = written === 0 ? json : `,${json}`;
    written += items.length;
    return separated;
  };
  const first = itemsOf(head);
  if (first !== "") yield first;
  for (let next = await messages.next(); !next.done; next = await messages.next()) {
    const chunk = itemsOf(route.rpc.responseType.decode(next.value));
    if (chunk !== "") yield chunk;
  }
}

/** A copy of the message (defaults kept: same prototype) whose streamed list is empty. */
function withoutItems(message: protobuf.Message, field: protobuf.Field): protobuf.Message {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(message)), message) as protobuf.Message;
  (copy as unknown as Record<string, unknown>)[field.name] = [];
  return copy;
}

function streamedField(route: BoundRoute): protobuf.Field {
  const field = route.responseField;
  if (!field) throw new Error(`${route.template}: ${route.render} without a responseBody field`);
  return field;
}

async function* bodyBytes(type: protobuf.Type, head: protobuf.Message | undefined, messages: Messages) {
  if (!head) return;
  yield dataOf(type, head);
  for (let next = await messages.next(); !next.done; next = await messages.next()) {
    const data = dataOf(type, type.decode(next.value));
    if (data.byteLength > 0) yield data;
  }
}

function dataOf(type: protobuf.Type, message: protobuf.Message): Buffer {
  const data = replyField(type, message, "data");
  return data instanceof Uint8Array
    ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    : Buffer.alloc(0);
}

/** Koa destroys the response when its body stream fails; the error says why for the log. */
async function* failLoudly(chunks: AsyncGenerator<string | Buffer>) {
  try {
    yield* chunks;
  } catch (error) {
    throw new Error("the reply stream failed after its first byte", { cause: error });
  }
}
