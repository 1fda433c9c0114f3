import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { VideoSourceResolver } from "../../services/video-source.js";

export interface ImageSourceOptions {
  /** Longest wait for an HTTP(S) image, headers and body together. */
  fetchTimeoutMillis: number;
  /** Largest image read. */
  maxBytes: number;
}

/** Seconds a client should wait when the source's server is down or busy and said nothing itself. */
const SOURCE_RETRY_AFTER_SECONDS = 5;
/** Network failures that mean the source's server is away for now, not that the image is missing. */
const SERVER_AWAY = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_SOCKET",
]);

/**
 * Reads the bytes of an image that is not a video: over HTTP(S) with a time and a size limit,
 * or from a file URL inside the capture file roots (the frames' own rule, so both services
 * read the same folders). A source that answers "not there" (4xx, a missing file) is a 404;
 * one whose server is down or failing (refused, timed out, 5xx) is a 503 with Retry-After.
 */
export class ImageSource {
  constructor(
    private readonly files: VideoSourceResolver,
    private readonly options: ImageSourceOptions,
  ) {}

  async read(url: string): Promise<Buffer> {
    const protocol = new URL(url).protocol;
    if (protocol === "http:" || protocol === "https:") return this.fetch(url);
    if (protocol === "file:") return this.readFile(url);
    throw DomainError.invalidArgument("UNSUPPORTED_URL", "url must be an http, https or file URL", {
      field: "url",
    });
  }

  private async fetch(url: string): Promise<Buffer> {
    let response: Response;
    const signal = AbortSignal.timeout(this.options.fetchTimeoutMillis);
    try {
      response = await fetch(url, { signal, redirect: "follow" });
    } catch (error) {
      throw fetchFailure(url, error);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw sourceAway(url, `answered ${response.status}`, response.headers.get("retry-after"));
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw DomainError.notFound(`${url} could not be read (its server answered ${response.status})`, {
        field: "url",
      });
    }
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > this.options.maxBytes) {
      await response.body?.cancel();
      throw this.tooLarge(url);
    }
    try {
      return await this.collect(url, response);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw fetchFailure(url, error);
    }
  }

  private async collect(url: string, response: Response): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > this.options.maxBytes) {
        await response.body?.cancel();
        throw this.tooLarge(url);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  }

  /** Inside the roots (checked on the real path, as for videos), at most maxBytes. */
  private async readFile(url: string): Promise<Buffer> {
    const source = await this.files.resolve(url);
    const file = await open(fileURLToPath(source.url)).catch(() => undefined);
    if (!file) throw DomainError.notFound(`${url} could not be read`, { field: "url" });
    try {
      const info = await file.stat();
      if (!info.isFile()) throw DomainError.notFound(`${url} could not be read`, { field: "url" });
      if (info.size > this.options.maxBytes) throw this.tooLarge(url);
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  private tooLarge(url: string): DomainError {
    return DomainError.failedPrecondition(
      "SOURCE_TOO_LARGE",
      `${url} is larger than the ${this.options.maxBytes} bytes this server reads (CAPTURE_CROP_MAX_SOURCE_SIZE)`,
      { field: "url" },
    );
  }
}

function fetchFailure(url: string, error: unknown): DomainError {
  const name = (error as { name?: unknown }).name;
  if (name === "TimeoutError" || name === "AbortError") return sourceAway(url, "did not answer in time");
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code === "string" && SERVER_AWAY.has(code)) return sourceAway(url, "is not answering");
  return DomainError.notFound(`${url} could not be read`, { field: "url" });
}

function sourceAway(url: string, what: string, retryAfter?: string | null): DomainError {
  const seconds =
    retryAfter && /^\d{1,5}$/.test(retryAfter) ? retryAfter : String(SOURCE_RETRY_AFTER_SECONDS);
  return new DomainError("UNAVAILABLE", "SOURCE_UNAVAILABLE", `The server of ${url} ${what}; retry later`, {
    field: "url",
    "http-header-retry-after": seconds,
  });
}
