import {
  type EndpointDiscovery,
  type EndpointEntry,
  normalizeUrl,
  parseNames,
  parseTimeoutMillis,
} from "./endpoint-entry.js";

const SETTING = "M3_CONFIG_ENDPOINTS";

/**
 * Parses the static list (M3_CONFIG_ENDPOINTS): a JSON array of
 * `{names, url, internalUrl?, proxyPath, timeoutMillis?, secretEnv?}`, where names is an array
 * or a comma-separated string. A bad list fails at start, naming the entry.
 */
export function parseStaticEndpoints(json: string | undefined): EndpointEntry[] {
  if (json === undefined || json.trim() === "") return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${SETTING} must be a JSON array of endpoints`);
  }
  if (!Array.isArray(value)) throw new Error(`${SETTING} must be a JSON array of endpoints`);
  return value.map((item: unknown, index) => staticEntry(item, `${SETTING}[${index}]`));
}

function staticEntry(item: unknown, what: string): EndpointEntry {
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

/** Discovery outside a cluster: the list the launcher gave, fixed for the life of the process. */
export function createStaticDiscovery(entries: readonly EndpointEntry[]): EndpointDiscovery {
  return { entries: () => entries, close: async () => {} };
}
