/**
 * Writes a server-streaming reply as its messages arrive, so memory stays flat whatever the
 * size: "json-stream" as one JSON array of the items of every message, "http-body-stream" as
 * the raw bytes of every message. Nothing is committed before the first message: an error
 * before it is the normal JSON error response; an error after the first byte aborts the
 * response (the client sees a truncated body, never a wrong one).
 */
import { Readable } from "node:stream";
import type { ClientReadableStream } from "@grpc/grpc-js";
import type { Context } from "koa";
import type protobuf from "protobufjs";
import type { DomainClient } from "./grpc-caller.js";
import { gatewayErrorOf } from "./grpc-errors.js";
import { replyField, setHttpBodyHeaders } from "./http-body.js";
import { renderOneField } from "./response-renderer.js";
import type { BoundRoute } from "./route-binding.js";

type Messages = AsyncIterator<Buffer>;

export async function writeStreamedReply(
  ctx: Context,
  route: BoundRoute,
  stream: ClientReadableStream<Buffer>,
  client: DomainClient,
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
    ctx.body = Readable.from(failLoudly(jsonArray(route, head, messages)), { objectMode: false });
  }
}

async function* jsonArray(route: BoundRoute, head: protobuf.Message | undefined, messages: Messages) {
  const field = route.responseField;
  if (!field) throw new Error(`${route.template}: json-stream without a responseBody field`);
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
  yield `[${head ? itemsOf(head) : ""}`;
  if (head) {
    for (let next = await messages.next(); !next.done; next = await messages.next()) {
      const chunk = itemsOf(route.rpc.responseType.decode(next.value));
      if (chunk !== "") yield chunk;
    }
  }
  yield "]";
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
