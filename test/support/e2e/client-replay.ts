/**
 * Replays requests byte for byte as the public clients of the legacy services send them:
 * the exact headers (and their case), the exact body encoding and the exact percent-encoding
 * of path segments. Unlike HttpClient, nothing is added: a Uint8Array body goes out without
 * a Content-Type (as python `requests` does with `data=json.dumps(...)`), a string body goes
 * out as `text/plain;charset=UTF-8` (as a browser's `fetch` does when no type is given).
 */
import { randomBytes } from "node:crypto";
import type { TestFn } from "ava";
import { type HttpReply, replyOf } from "../../../tools/dev/fixtures/http-client.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { BACKENDS, type Backend, startTestPlatform, type TestPlatform } from "./test-platform.js";

/** An answer as a replaying test reads it (the e2e client's reply). */
export type Replayed = HttpReply;

export interface ReplayInit {
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams | FormData;
}

export interface ClientPlatform {
  backend: Backend;
  baseUrl: string;
  apiKey: string;
  admin: { username: string; password: string };
  send(method: string, path: string, init?: ReplayInit): Promise<Replayed>;
}

/** Sends one request exactly as given and reads the whole answer. */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  init: ReplayInit = {},
): Promise<Replayed> {
  const body = init.body instanceof Uint8Array ? Buffer.from(init.body) : init.body;
  return replyOf(await fetch(`${baseUrl}${path}`, { method, headers: init.headers, body }));
}

/**
 * One platform per backend, with a first kb administrator and optionally the real kb dump,
 * started before the file's tests and stopped after them.
 */
export function useClientPlatforms(
  test: TestFn,
  options: { importKb?: boolean; env?: () => Promise<Record<string, string>> } = {},
): (backend: Backend) => ClientPlatform {
  const admin = { username: "kbadmin", password: randomBytes(8).toString("hex") };
  const platforms = new Map<Backend, TestPlatform>();
  test.before(async () => {
    const extra = (await options.env?.()) ?? {};
    for (const backend of BACKENDS) {
      const env = { ...extra, M3_ADMIN_USER: admin.username, M3_ADMIN_PASSWORD: admin.password };
      platforms.set(backend, await startTestPlatform(backend, env, { importKb: options.importKb }));
    }
  });
  test.after.always(async () => {
    await Promise.allSettled([...platforms.values()].map((platform) => platform.stop()));
    await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
  });
  return (backend) => {
    const platform = platforms.get(backend);
    if (!platform) throw new Error(`the ${backend} platform did not start`);
    const baseUrl = platform.http.baseUrl;
    return {
      backend,
      baseUrl,
      apiKey: platform.apiKey,
      admin,
      send: (method, path, init) => send(baseUrl, method, path, init),
    };
  };
}

/** `Authorization: Basic ...` as python's b64encode, the browser's btoa and Java build it. */
export function basicCredentials(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
}

/** A JSON body with no Content-Type at all: python `requests.post(url, data=json.dumps(x))`. */
export function untypedJson(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

/**
 * A form as python `requests` encodes `data={...}`: urlencoded, spaces as `+`, `None`
 * values left out, numbers printed with str().
 */
export function pythonForm(fields: Record<string, string | number | undefined>): URLSearchParams {
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string | number] => entry[1] != null,
  );
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)]));
}

/** `urllib.parse.quote(s, safe='')`: every reserved character encoded, `/` too. */
export function pythonQuote(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * What `requests` does to a path it was given unquoted (`requote_uri`): spaces and non-ASCII
 * characters are percent-encoded, reserved characters such as `&` and `/` are left alone, and
 * so are escapes already there (a segment the caller quoted itself is not quoted twice).
 */
export function requestsRequote(path: string): string {
  return encodeURI(path).replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
}

/** The token field of a registry, annotation, kb or upload `/v1/auth` answer. */
export function snakeToken(reply: Replayed): string {
  const body = reply.json as { access_token?: unknown; token_type?: unknown };
  if (reply.status !== 200 || typeof body?.access_token !== "string") {
    throw new Error(`no access_token in ${reply.status} ${reply.text}`);
  }
  return body.access_token;
}

/** A value unique per call, for names that must not collide between backends and tests. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString("hex");
}
