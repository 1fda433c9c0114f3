/**
 * One codec per content type (koa-body underneath): JSON, URL-encoded forms, multipart
 * (fields as text, file parts as bytes) and plain text. A form or multipart body is read as
 * one when its Content-Type says so, and only on routes that take it. Any other body of a
 * route that takes JSON is decoded as JSON, whatever its Content-Type says, as the legacy
 * services did: browsers post JSON as `text/plain` to skip the CORS preflight, and scripts
 * often send no Content-Type at all. A body without a Content-Type on a route that takes
 * both is JSON when it starts like JSON (`{` or `[`), else a form (as the registry read it).
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

/** koa-body and its option checks (zod) are ~100 modules: loaded after start, not before it. */
let koaBodyModule: Promise<typeof import("koa-body")> | undefined;

/**
 * Starts loading the body codecs in the background once the gateway serves, so readiness does
 * not wait for them and the first requests with a body (a burst, often) do not either.
 */
export function warmBodyCodecs(): void {
  koaBodyModule ??= import("koa-body");
  // A failure to load surfaces with the first body instead.
  koaBodyModule.catch(() => undefined);
}

export function createBodyReader(encodings: readonly BodyEncoding[], limits: BodyLimits): BodyReader {
  const parse = lazyParser((koaBody, methods) =>
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
      parsedMethods: methods,
      formidable: {
        maxFileSize: limits.maxUploadBytes,
        maxTotalFileSize: limits.maxUploadBytes,
        maxFieldsSize: limits.maxBodyBytes,
      },
    }),
  );
  const sniff =
    encodings.includes("json") && encodings.includes("form")
      ? lazyParser((koaBody, methods) =>
          koaBody({
            json: false,
            urlencoded: false,
            text: true,
            textLimit: limits.maxBodyBytes,
            parsedMethods: methods,
          }),
        )
      : undefined;
  return async (ctx) => {
    if (!hasBody(ctx)) return NO_BODY;
    const declared = declaredEncoding(ctx);
    if (declared === undefined && sniff) {
      ctx.request.headers["content-type"] = MEDIA_TYPES.text;
      return sniffed(ctx, await readWith(sniff, ctx, "text", limits));
    }
    const encoding = encodingOf(declared, encodings);
    if (encoding === undefined) {
      const accepted = encodings.map((name) => MEDIA_TYPES[name]).join(", ");
      throw new GatewayError(
        415,
        `Unsupported content type ${ctx.get("Content-Type") || "(none)"}; use ${accepted}`,
      );
    }
    if (encoding !== declared)
      ctx.request.headers["content-type"] = withCharsetOf(ctx, MEDIA_TYPES[encoding]);
    const body = await readWith(parse, ctx, encoding, limits);
    return encoding === "multipart" ? await multipartBody(ctx) : parsedBody(encoding, body);
  };
}

type KoaBodyModule = typeof import("koa-body");
type BodyParser = (ctx: Context) => Promise<void>;
type ParsedMethods = KoaBodyModule["HttpMethodEnum"][keyof KoaBodyModule["HttpMethodEnum"]][];

/** A koa-body parser made with the module's first use, shared by every later body of its route. */
function lazyParser(
  make: (koaBody: KoaBodyModule["koaBody"], methods: ParsedMethods) => Middleware,
): BodyParser {
  let parser: Promise<Middleware> | undefined;
  return async (ctx) => {
    koaBodyModule ??= import("koa-body");
    parser ??= koaBodyModule.then(({ koaBody, HttpMethodEnum }) =>
      make(koaBody, [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE]),
    );
    await (await parser)(ctx, async () => {});
  };
}

async function readWith(parse: BodyParser, ctx: Context, encoding: BodyEncoding, limits: BodyLimits) {
  try {
    await parse(ctx);
  } catch (error) {
    throw bodyError(error, encoding, limits);
  }
  return ctx.request.body as unknown;
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get("Content-Length");
  return ctx.get("Transfer-Encoding") !== "" || (length !== "" && length !== "0");
}

/** What the Content-Type says the body is; "other" for a type of no codec, undefined when there is none. */
function declaredEncoding(ctx: Context): BodyEncoding | "other" | undefined {
  if (!ctx.get("Content-Type")) return undefined;
  if (ctx.is("application/json", "+json")) return "json";
  if (ctx.is("urlencoded")) return "form";
  if (ctx.is("multipart")) return "multipart";
  if (ctx.is("text/*")) return "text";
  return "other";
}

/** The codec a route reads the body with, from what its Content-Type declares. */
function encodingOf(
  declared: BodyEncoding | "other" | undefined,
  accepted: readonly BodyEncoding[],
): BodyEncoding | undefined {
  if (declared !== undefined && declared !== "other" && accepted.includes(declared)) return declared;
  if (declared === "form" || declared === "multipart") return undefined;
  if (accepted.includes("json")) return "json";
  if (declared === undefined) return accepted.find((encoding) => encoding !== "multipart");
  return undefined;
}

/** The media type a body is read as, keeping the charset the client declared. */
function withCharsetOf(ctx: Context, mediaType: string): string {
  const charset = /;\s*charset=([^;]+)/i.exec(ctx.get("Content-Type"))?.[1];
  return charset ? `${mediaType}; charset=${charset.trim()}` : mediaType;
}

/** A body without a Content-Type on a route that takes JSON and forms. */
function sniffed(ctx: Context, body: unknown): ParsedBody {
  const text = typeof body === "string" ? body : "";
  if (/^\s*[[{]/.test(text)) {
    try {
      return { kind: "json", value: JSON.parse(text) };
    } catch (error) {
      throw malformedJson(error);
    }
  }
  ctx.request.headers["content-type"] = MEDIA_TYPES.form;
  return { kind: "fields", value: formFields(text) };
}

/** URL-encoded fields; a repeated name gives a list, as the form codec reads it. */
function formFields(text: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = fields[name];
    fields[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return fields;
}

function malformedJson(error: unknown): GatewayError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GatewayError(400, `Malformed JSON body: ${reason}`);
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
  if (encoding === "json") return malformedJson(error);
  return new GatewayError(400, `Malformed ${encoding} body`);
}
