/**
 * The real capture module behind the real gateway on loopback ports, with a fresh cache
 * folder and API key; `env` adds or overrides settings (CAPTURE_FILE_ROOTS, pool sizes, ...).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureRoutes } from "../../../gateway/src/routes/capture.routes.js";
import { captureModule } from "../../../services/capture/capture.module.js";
import { startDomainStack } from "../domain-stack.js";

export interface CaptureStack {
  baseUrl: string;
  apiKey: string;
  cacheRoot: string;
  /** The platform's token signing secret, for kb user tokens capture accepts instead of the key. */
  signingSecret: string;
  /** POSTs a CaptureRequest to /capture/capture<path> (base path + route); the right key unless given. */
  capture(
    path: string,
    body: unknown,
    options?: { apiKey?: string | null; query?: string; authorization?: string },
  ): Promise<Reply>;
  stop(): Promise<void>;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The parsed body when it is JSON. */
  json: unknown;
}

export async function startCaptureStack(env: Record<string, string> = {}): Promise<CaptureStack> {
  const dataDir = await mkdtemp(join(tmpdir(), "m3-capture-stack-"));
  const apiKey = randomBytes(12).toString("hex");
  const cacheRoot = join(dataDir, "cache");
  const stack = await startDomainStack({
    module: captureModule,
    routes: captureRoutes,
    dataDir,
    authPath: "/capture/auth",
    // The shared key differs from capture's own, so a test sees which one is checked.
    env: {
      M3_API_KEY: "a-different-domain-key",
      CAPTURE_API_KEY: apiKey,
      CAPTURE_CACHE_ROOT: cacheRoot,
      ...env,
    },
  });
  const { baseUrl } = stack;
  return {
    baseUrl,
    apiKey,
    cacheRoot,
    signingSecret: stack.signingSecret,
    capture: async (path, body, options = {}) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      const key = options.apiKey === undefined ? apiKey : options.apiKey;
      if (key !== null) headers["x-api-key"] = key;
      if (options.authorization !== undefined) headers.authorization = options.authorization;
      const query = options.query ? `?${options.query}` : "";
      const response = await fetch(`${baseUrl}/capture/capture${path}${query}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
      return replyOf(response);
    },
    stop: () => stack.stop(),
  };
}

export async function replyOf(response: Response): Promise<Reply> {
  const body = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  if ((response.headers.get("content-type") ?? "").includes("json")) json = JSON.parse(body.toString("utf8"));
  return { status: response.status, headers: response.headers, body, json };
}
