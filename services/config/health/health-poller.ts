import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import type { HealthStatus } from "../../../proto/gen/m3/config/v1/resources.js";
import { decodeHealthStatus } from "./health-record.js";

/** A health record is a few hundred bytes; a longer answer is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * GETs `<internalUrl>/health` within the timeout; the legacy HealthStatus record when the
 * service answers 200 with one (or with a MicroProfile health document carrying one, see
 * health-record.ts), undefined when it is down, slow or answers anything else.
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
