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

/**
 * A JSON array of `{names, url, internalUrl?, proxyPath, timeoutMillis?, secretEnv?}`, where
 * names is an array or a comma-separated string: the static list's form, and the form of a
 * Service's extra endpoints. `what` names the setting or annotation in errors.
 */
export function parseEndpointList(json: string, what: string): EndpointEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${what} must be a JSON array of endpoints`);
  }
  if (!Array.isArray(value)) throw new Error(`${what} must be a JSON array of endpoints`);
  return value.map((item: unknown, index) => endpointOf(item, `${what}[${index}]`));
}

function endpointOf(item: unknown, what: string): EndpointEntry {
  if (typeof item !== "object" || item === null) throw new Error(`${what} must be an object`);
  const fields = item as Record<string, unknown>;
  const names = Array.isArray(fields.names) ? fields.names.map(String).join(",") : fields.names;
  if (typeof names !== "string") throw new Error(`${what}.names must be a list of names`);
  if (typeof fields.url !== "string") throw new Error(`${what}.url must be a URL`);
  const url = normalizeUrl(fields.url, `${what}.url`);
  const internalUrl =
    typeof fields.internalUrl === "string" && fields.internalUrl !== ""
      ? normalizeUrl(fields.internalUrl, `${what}.internalUrl`)
      : url;
  const entry: EndpointEntry = {
    names: parseNames(names, `${what}.names`),
    url,
    internalUrl,
    proxyPath: typeof fields.proxyPath === "string" ? fields.proxyPath : "",
    timeoutMillis: parseTimeoutMillis(fields.timeoutMillis, `${what}.timeoutMillis`),
  };
  if (typeof fields.secretEnv === "string" && fields.secretEnv !== "") entry.secretEnv = fields.secretEnv;
  return entry;
}
