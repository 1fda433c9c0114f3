import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import type { HealthStatus } from "../../../proto/gen/m3/config/v1/resources.js";

const TEXT_FIELDS = ["jdkVersion", "application", "version", "description"] as const;
const NUMBER_FIELDS = ["availableProcessors", "freeMemory", "maxMemory", "totalMemory"] as const;
/** A health record is a few hundred bytes; a longer answer is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * GETs `<internalUrl>/health` within the timeout; the legacy HealthStatus record when the
 * service answers 200 with one, undefined when it is down, slow or answers anything else.
 * Over node:http rather than fetch: in a process that polls every few seconds for months,
 * fetch's machinery (undici, web streams) kept 5-7 MB more resident for nothing it needs.
 */
export function pollHealth(internalUrl: string, timeoutMillis: number): Promise<HealthStatus | undefined> {
  return new Promise((resolve) => {
    const url = `${internalUrl}/health`;
    const get = url.startsWith("https:") ? httpsGet : httpGet;
    let settled = false;
    const settle = (health: HealthStatus | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(health);
    };
    const request = get(url, { headers: { accept: "application/json" } }, (response) =>
      readHealthBody(response).then(settle, () => settle(undefined)),
    );
    request.on("error", () => settle(undefined));
    // The whole exchange, body included, within the timeout.
    const deadline = setTimeout(() => settle(undefined), timeoutMillis);
  });
}

async function readHealthBody(response: IncomingMessage): Promise<HealthStatus | undefined> {
  if (response.statusCode !== 200) return undefined;
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return decodeHealthStatus(JSON.parse(Buffer.concat(chunks).toString("utf8")));
  } catch {
    return undefined;
  }
}

/** The record when value has the legacy HealthStatus fields with the right types. */
export function decodeHealthStatus(value: unknown): HealthStatus | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((name) => typeof fields[name] === "string")) return undefined;
  if (!NUMBER_FIELDS.every((name) => Number.isSafeInteger(fields[name]))) return undefined;
  return {
    jdkVersion: fields.jdkVersion as string,
    availableProcessors: fields.availableProcessors as number,
    freeMemory: fields.freeMemory as number,
    maxMemory: fields.maxMemory as number,
    totalMemory: fields.totalMemory as number,
    application: fields.application as string,
    version: fields.version as string,
    description: fields.description as string,
  };
}
