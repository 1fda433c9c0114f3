import type { EndpointDiscovery } from "../../../services/config/discovery/endpoint-entry.js";
import { eventually } from "./eventually.js";

/** Every name the discovery's entries answer to, in their order. */
export function namesOf(discovery: EndpointDiscovery): string[] {
  return discovery.entries().flatMap((entry) => entry.names);
}

/** Waits until the discovered names are exactly the expected ones. */
export function namesBecome(discovery: EndpointDiscovery, expected: string[]) {
  return eventually(() =>
    JSON.stringify(namesOf(discovery)) === JSON.stringify(expected) ? true : undefined,
  );
}
