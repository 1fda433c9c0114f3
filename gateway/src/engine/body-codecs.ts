/**
 * One codec per content type (koa-body underneath): JSON, URL-encoded forms, multipart
 * (fields as text, file parts as bytes) and plain text. A route accepts only its own
 * encodings; a body without a Content-Type is read as a form where the route takes forms (as
 * the registry did), else as JSON (as the annotation service did for its JSON-only routes).
 */
import { readFile, rm } from "node:fs/promises";
import type { Context, Middleware } from "koa";
import { GatewayError } from "./error-body.js";
import type { ParsedBody } from "./request-builder.js";
import type { BodyEncoding } from "./route-spec.js";

export interface BodyLimits {
  /** JSON, form and text bodies. */
  maxBodyBytes: number;
  /** Multipart bodies (files are held in memory for the unary call). */
  maxUploadBytes: number;
}

export type BodyReader = (ctx: Context) => Promise<ParsedBody>;

export const MEDIA_TYPES: Readonly<Record<BodyEncoding, string>> = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  multipart: "multipart/form-data",
  text: "text/plain",
};

const NO_BODY: ParsedBody = { kind: "none" };

/** koa-body and its option checks (zod) are ~100 modules: loaded with the first body, not at start. */
let koaBodyModule: Promise<typeof import("koa-body")> | undefined;

export function createBodyReader(encodings: readonly BodyEncoding[], limits: BodyLimits): BodyReader {
  let parser: Promise<Middleware> | undefined;
  const parse = (ctx: Context) => {
    koaBodyModule ??= import("koa-body");
    parser ??= koaBodyModule.then(({ koaBody, HttpMethodEnum }) =>
      koaBody({
        json: encodings.includes("json"),
        urlencoded: encodings.includes("form"),
        multipart: encodings.includes("multipart"),
        text: encodings.includes("text"),
        jsonTypes: ["application/json", "+json"],
        textTypes: ["text/*"],
        jsonStrict: false,
        jsonLimit: limits.maxBodyBytes,
        formLimit: limits.maxBodyBytes,
        textLimit: limits.maxBodyBytes,
        parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
        formidable: {
          maxFileSize: limits.maxUploadBytes,
          maxTotalFileSize: limits.maxUploadBytes,
          maxFieldsSize: limits.maxBodyBytes,
        },
      }),
    );
    return parser.then((middleware) => middleware(ctx, async () => {}));
  };
  return async (ctx) => {
    if (!hasBody(ctx)) return NO_BODY;
    const encoding = encodingOf(ctx, encodings);
    if (encoding === undefined || !encodings.includes(encoding)) {
      const accepted = encodings.map((name) => MEDIA_TYPES[name]).join(", ");
      throw new GatewayError(
        415,
        `Unsupported content type ${ctx.get("Content-Type") || "(none)"}; use ${accepted}`,
      );
    }
    if (!ctx.get("Content-Type")) ctx.request.headers["content-type"] = MEDIA_TYPES[encoding];
    try {
      await parse(ctx);
    } catch (error) {
      throw bodyError(error, encoding, limits);
    }
    return encoding === "multipart" ? await multipartBody(ctx) : parsedBody(encoding, ctx.request.body);
  };
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get("Content-Length");
  return ctx.get("Transfer-Encoding") !== "" || (length !== "" && length !== "0");
}

function encodingOf(ctx: Context, accepted: readonly BodyEncoding[]): BodyEncoding | undefined {
  if (!ctx.get("Content-Type"))
    return accepted.includes("form") || !accepted.includes("json") ? "form" : "json";
  if (ctx.is("application/json", "+json")) return "json";
  if (ctx.is("urlencoded")) return "form";
  if (ctx.is("multipart")) return "multipart";
  if (ctx.is("text/*")) return "text";
  return undefined;
}

function parsedBody(encoding: BodyEncoding, body: unknown): ParsedBody {
  if (encoding === "json") return { kind: "json", value: body };
  if (encoding === "text") return { kind: "text", value: typeof body === "string" ? body : "" };
  return { kind: "fields", value: (body ?? {}) as Record<string, unknown> };
}

/** Files become Buffers next to the text fields; their temporary copies are removed. */
async function multipartBody(ctx: Context): Promise<ParsedBody> {
  const fields: Record<string, unknown> = { ...((ctx.request.body ?? {}) as Record<string, unknown>) };
  const files = Object.entries(ctx.request.files ?? {});
  try {
    for (const [name, file] of files) {
      fields[name] = Array.isArray(file) ? await Promise.all(file.map(readPart)) : await readPart(file);
    }
  } finally {
    await Promise.all(
      files.flatMap(([, file]) => [file].flat()).map((part) => rm(part.filepath, { force: true })),
    );
  }
  return { kind: "fields", value: fields };
}

function readPart(file: { filepath: string }): Promise<Buffer> {
  return readFile(file.filepath);
}

function bodyError(error: unknown, encoding: BodyEncoding, limits: BodyLimits): GatewayError {
  const { status, httpCode } = error as { status?: number; httpCode?: number };
  const code = status ?? httpCode;
  if (code === 413) {
    const limit = encoding === "multipart" ? limits.maxUploadBytes : limits.maxBodyBytes;
    return new GatewayError(413, `Request body is larger than ${limit} bytes`);
  }
  if (code === 415) return new GatewayError(415, "Unsupported body charset");
  return new GatewayError(400, `Malformed ${encoding === "json" ? "JSON" : encoding} body`);
}
