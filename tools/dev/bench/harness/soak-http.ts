/**
 * The soak benchmark's HTTP client: pooled keep-alive sockets, the whole reply kept (the
 * benchmark checks answers), and any status outside 2xx or a network failure thrown as a
 * SoakCallError that names the call.
 */
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";

export interface SoakReply {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface SoakRequest {
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string | number>;
  /** A multipart body with one file part. */
  file?: { field: string; fileName: string; contentType: string; bytes: Buffer };
}

/** A failed call: what was called, the status (0 for a network failure) and the start of the reply. */
export class SoakCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A reply without the awaited answer: what it was and what was expected. */
export function wrongAnswer(what: string, reply: SoakReply): SoakCallError {
  return new SoakCallError(reply.status, `${what}; got ${reply.body.toString("utf8", 0, 200)}`);
}

/**
 * How long a socket may wait idle in the pool: under the gateway's keep-alive timeout (Node's
 * default, 5 s), so the client, not the server, closes it. Otherwise a request sent on a
 * socket just as the server closes it fails with ECONNRESET (a few per ten minutes here).
 */
const IDLE_SOCKET_MILLIS = 4_000;

export class SoakHttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly port: number,
    maxSockets: number,
    private readonly timeoutMillis: number,
  ) {
    // The agent's timeout applies to idle sockets; each request sets its own (timeoutMillis).
    this.agent = new Agent({ keepAlive: true, maxSockets, timeout: IDLE_SOCKET_MILLIS });
  }

  send(method: string, path: string, options: SoakRequest = {}): Promise<SoakReply> {
    const headers: Record<string, string> = { ...options.headers };
    const body = encodeBody(options, headers);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { host: "127.0.0.1", port: this.port, method, path, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", (error) =>
            reject(new SoakCallError(0, `${method} ${path}: ${error.message}`)),
          );
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            const reply = {
              status,
              contentType: response.headers["content-type"] ?? "",
              body: Buffer.concat(chunks),
            };
            if (status >= 200 && status < 300) resolve(reply);
            else
              reject(
                new SoakCallError(
                  status,
                  `${method} ${path}: ${status} ${reply.body.toString("utf8", 0, 200)}`,
                ),
              );
          });
        },
      );
      outgoing.setTimeout(this.timeoutMillis, () =>
        outgoing.destroy(new Error(`no answer within ${this.timeoutMillis} ms`)),
      );
      outgoing.on("error", (error) => reject(new SoakCallError(0, `${method} ${path}: ${error.message}`)));
      outgoing.end(body);
    });
  }

  /** The reply parsed as JSON. */
  async json<T>(method: string, path: string, options: SoakRequest = {}): Promise<T> {
    const reply = await this.send(method, path, options);
    try {
      return JSON.parse(reply.body.toString("utf8")) as T;
    } catch {
      throw wrongAnswer(`${method} ${path}: JSON expected`, reply);
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

function encodeBody(options: SoakRequest, headers: Record<string, string>): Buffer | undefined {
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    return Buffer.from(JSON.stringify(options.json));
  }
  if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    const pairs = Object.entries(options.form).map(([key, value]) => [key, String(value)]);
    return Buffer.from(new URLSearchParams(pairs).toString());
  }
  if (options.file !== undefined) {
    const { field, fileName, contentType, bytes } = options.file;
    const boundary = `soak-${randomBytes(12).toString("hex")}`;
    headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
    return Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  }
  return undefined;
}
