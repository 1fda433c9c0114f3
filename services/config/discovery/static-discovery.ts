import { type EndpointDiscovery, type EndpointEntry, parseEndpointList } from "./endpoint-entry.js";

const SETTING = "M3_CONFIG_ENDPOINTS";

/**
 * Parses the static list (M3_CONFIG_ENDPOINTS): a JSON array of endpoints in the form
 * parseEndpointList reads. A bad list fails at start, naming the entry.
 */
export function parseStaticEndpoints(json: string | undefined): EndpointEntry[] {
  if (json === undefined || json.trim() === "") return [];
  return parseEndpointList(json, SETTING);
}

/** Discovery outside a cluster: the list the launcher gave, fixed for the life of the process. */
export function createStaticDiscovery(entries: readonly EndpointEntry[]): EndpointDiscovery {
  return { entries: () => entries, close: async () => {} };
}
