/**
 * Streams a multipart upload into a client-streaming call: the form fields before the file
 * part go into the first message's header, then the file goes as chunks of at most 64 KiB as
 * it arrives. formidable pauses the request until each chunk is written to the call, so a
 * slow domain slows the client down and the file is never held whole in memory.
 */
import { Writable } from "node:stream";
import formidable from "formidable";
import type { CallMetadata } from "../../../services/kit/grpc/call-metadata.js";
import type { ClientStreamCall, DomainTransport } from "./domain-transport.js";
import { GatewayError } from "./error-body.js";
import { gatewayErrorOf } from "./grpc-errors.js";
import { buildRequest } from "./request-builder.js";
import type { BoundRoute } from "./route-binding.js";
import type { RouteContext } from "./route-handler.js";
import type { BoundUpload } from "./stream-binding.js";

const CHUNK_BYTES = 64 * 1024;

export interface UploadSettings {
  /** Limit of the form's text fields together. */
  maxBodyBytes: number;
  metadata: CallMetadata;
}

type FormFields = Record<string, string | string[]>;

interface FilePart {
  originalFilename?: string | null;
  mimetype?: string | null;
}

/** Runs the upload; resolves with the reply's bytes or throws the GatewayError to answer. */
export async function streamUpload(
  ctx: RouteContext,
  route: BoundRoute,
  client: DomainTransport,
  settings: UploadSettings,
): Promise<Buffer> {
  const upload = route.upload as BoundUpload;
  if (!ctx.is("multipart")) {
    throw new GatewayError(
      415,
      `Unsupported content type ${ctx.get("Content-Type") || "(none)"}; use multipart/form-data`,
    );
  }
  const fields: FormFields = {};
  let started: ClientStreamCall | undefined;
  let callError: unknown;
  let fileSeen = false;
  let lateField: string | undefined;

  const start = (file: FilePart | undefined) => {
    const header = buildRequest(route, {
      params: ctx.params,
      query: ctx.query,
      body: { kind: "fields", value: fields },
    });
    if (file?.originalFilename && upload.fileNameField)
      header[upload.fileNameField.name] = file.originalFilename;
    if (file?.mimetype && upload.contentTypeField) header[upload.contentTypeField.name] = file.mimetype;
    started = client.clientStream(route.rpc.path, { metadata: settings.metadata });
    started.reply.catch((error: unknown) => {
      callError = error;
    });
    ctx.res.once("close", () => started?.call.cancel());
    send(started, { [upload.headerField.name]: header });
    return started;
  };
  const send = (call: ClientStreamCall, message: Record<string, unknown>, done?: () => void) => {
    const type = route.rpc.requestType;
    call.call.write(Buffer.from(type.encode(type.fromObject(message)).finish()), done);
  };

  // formidable tells a file's field name only by "fileBegin", just before it opens the file.
  const fieldNames = new WeakMap<object, string>();
  const form = formidable({
    maxFileSize: upload.maxBytes,
    maxTotalFileSize: upload.maxBytes,
    allowEmptyFiles: true,
    minFileSize: 0,
    maxFieldsSize: settings.maxBodyBytes,
    fileWriteStreamHandler: (part) => {
      const file = part as unknown as FilePart;
      const name = fieldNames.get(file) ?? "";
      if (name !== upload.fileField) return failed(new GatewayError(400, `Unexpected file field "${name}"`));
      if (fileSeen) return failed(new GatewayError(400, `Only one file may be sent in "${name}"`));
      fileSeen = true;
      try {
        const call = start(file);
        return chunkSink(
          call,
          upload.maxBytes,
          (message, done) => send(call, message, done),
          () => callError,
        );
      } catch (error) {
        return failed(error);
      }
    },
  });
  form.on("fileBegin", (name, file) => fieldNames.set(file, name));
  form.on("field", (name, value) => {
    if (started) lateField ??= name;
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [previous, value].flat();
  });

  try {
    await form.parse(ctx.req);
    if (lateField !== undefined)
      throw new GatewayError(400, `Form field "${lateField}" must come before the file`);
  } catch (error) {
    const failure = callError;
    started?.call.cancel();
    ctx.req.resume(); // discard the rest of the body, so the client reads the error
    if (failure !== undefined) throw gatewayErrorOf(failure, route, client);
    throw uploadError(error, upload.maxBytes);
  }
  const call = started ?? start(undefined);
  call.call.end();
  try {
    return await call.reply;
  } catch (error) {
    throw gatewayErrorOf(error, route, client);
  }
}

type Send = (message: Record<string, unknown>, done: () => void) => void;

/**
 * The file part's destination: each write goes out as chunk messages and completes once grpc-js
 * has taken them, or at once when the call has ended (a failed call never takes them).
 */
function chunkSink(
  call: { reply: Promise<Buffer> },
  maxBytes: number,
  send: Send,
  callError: () => unknown,
): Writable {
  let received = 0;
  const ended = call.reply.then(
    () => {},
    () => {},
  );
  return new Writable({
    write(data: Buffer, _encoding, callback) {
      received += data.byteLength;
      if (received > maxBytes) return callback(tooLarge(maxBytes));
      let taken: Promise<void> = Promise.resolve();
      for (let offset = 0; offset < data.byteLength; offset += CHUNK_BYTES) {
        const slice = data.subarray(offset, offset + CHUNK_BYTES);
        taken = new Promise((resolve) => send({ chunk: slice }, resolve));
      }
      void Promise.race([taken, ended]).then(() =>
        callback(callError() === undefined ? null : new Error("the call failed during the upload")),
      );
    },
  });
}

function failed(error: unknown): Writable {
  const sink = new Writable({ write: (_data, _encoding, callback) => callback(error as Error) });
  sink.destroy(error as Error);
  return sink;
}

function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError(413, `File is larger than ${maxBytes} bytes`);
}

function uploadError(error: unknown, maxBytes: number): GatewayError {
  if (error instanceof GatewayError) return error;
  const { httpCode } = error as { httpCode?: number };
  if (httpCode === 413) return tooLarge(maxBytes);
  return new GatewayError(400, "Malformed multipart body");
}
