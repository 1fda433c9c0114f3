import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { VideoSourceResolver } from "../../services/video-source.js";
import type { AllowedHosts } from "./allowed-hosts.js";

export interface ImageSourceOptions {
  /** Longest wait for an HTTP(S) image, headers and body together. */
  fetchTimeoutMillis: number;
  /** Largest image read. */
  maxBytes: number;
  /** The hosts images may be fetched from, redirects included. */
  allowedHosts: AllowedHosts;
}

/** Redirects followed one by one, each checked against the allowed hosts, when a list is set. */
const MAX_REDIRECTS = 5;

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
    const signal = AbortSignal.timeout(this.options.fetchTimeoutMillis);
    const response = await this.fetchAllowed(url, signal);
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

  /**
   * The answer for `url`, redirects followed: by fetch itself without an allow-list, else one by
   * one, each new location checked before it is asked (a host outside the list is a 403).
   */
  private async fetchAllowed(url: string, signal: AbortSignal): Promise<Response> {
    const hosts = this.options.allowedHosts;
    let location = new URL(url);
    for (let hop = 0; ; hop++) {
      if (!hosts.allows(location)) {
        throw DomainError.permissionDenied(
          `${location.host} is not among the hosts crops may fetch from (CAPTURE_CROP_ALLOWED_HOSTS)`,
        );
      }
      let response: Response;
      try {
        response = await fetch(location, { signal, redirect: hosts.restricted ? "manual" : "follow" });
      } catch (error) {
        throw fetchFailure(url, error);
      }
      const next = response.headers.get("location");
      if (!hosts.restricted || response.status < 300 || response.status >= 400 || !next) return response;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS)
        throw DomainError.notFound(`${url} could not be read (more than ${MAX_REDIRECTS} redirects)`, {
          field: "url",
        });
      // A Location no URL can be made of is a source that cannot be read, not a server error.
      if (!URL.canParse(next, location))
        throw DomainError.notFound(`${url} could not be read (a redirect to ${next})`, { field: "url" });
      location = new URL(next, location);
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
