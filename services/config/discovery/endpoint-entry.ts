/** One service of the platform as discovery reports it; each of its names becomes an endpoint. */
export interface EndpointEntry {
  /** Legacy names the service answers to, in the order printed (e.g. oni, vars-kb-server). */
  names: readonly string[];
  /** Public base URL, without a trailing slash. */
  url: string;
  /** In-cluster base URL (the public one when none is given); health is polled below it. */
  internalUrl: string;
  proxyPath: string;
  timeoutMillis: number;
  /** Name of the config service's env var holding the service's API key; none = no secret. */
  secretEnv?: string;
}

export const DEFAULT_TIMEOUT_MILLIS = 10_000;

/** Where discovered endpoints come from: the Kubernetes API, or a static list. */
export interface EndpointDiscovery {
  /** The current entries; a Kubernetes watch keeps them up to date. */
  entries(): readonly EndpointEntry[];
  close(): Promise<void>;
}

/** An absolute http(s) URL without one trailing slash (as the legacy service stored them). */
export function normalizeUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${what} must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${what} must be an http or https URL, got "${value}"`);
  }
  return value.endsWith("/") ? value.slice(0, -1) : value;
}

/** A positive whole number of milliseconds, or the default when absent. */
export function parseTimeoutMillis(value: unknown, what: string): number {
  if (value === undefined || value === null || value === "") return DEFAULT_TIMEOUT_MILLIS;
  const number = typeof value === "number" ? value : /^\d+$/.test(String(value).trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw new Error(`${what} must be a positive whole number of milliseconds, got "${String(value)}"`);
  }
  return number;
}

/** Comma-separated names, trimmed, blanks dropped; at least one is required. */
export function parseNames(value: string, what: string): string[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (names.length === 0) throw new Error(`${what} must name at least one endpoint`);
  return names;
}
