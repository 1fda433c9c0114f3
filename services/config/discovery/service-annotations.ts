import {
  type EndpointEntry,
  normalizeUrl,
  parseEndpointList,
  parseNames,
  parseTimeoutMillis,
} from "./endpoint-entry.js";

/** The label every m3 Service carries; discovery lists and watches by it. */
export const PART_OF_SELECTOR = "app.kubernetes.io/part-of=m3";

/** The annotations a Service carries to be an endpoint entry (see services/config/README.md). */
export const ANNOTATIONS = {
  names: "m3.io/endpoint-names",
  url: "m3.io/url",
  internalUrl: "m3.io/internal-url",
  proxyPath: "m3.io/proxy-path",
  timeoutMillis: "m3.io/timeout-millis",
  secretEnv: "m3.io/secret-env",
  /**
   * More endpoints the Service's pods serve under other paths of the gateway (the capture
   * domain's skimmer-compatible crops, the annotation domain's charybdis-compatible datasets):
   * a JSON array in the static list's form.
   */
  extraEndpoints: "m3.io/extra-endpoints",
} as const;

/** The part of a Kubernetes Service discovery reads (list items and raw watch objects alike). */
export interface ServiceObject {
  metadata?: { name?: string; annotations?: Record<string, string> };
}

/**
 * The endpoint entries a Service describes: its own (when it has the endpoint-names annotation)
 * then its extra endpoints. Throws, naming the Service and annotation, when one is invalid.
 */
export function entriesFromService(service: ServiceObject): EndpointEntry[] {
  const own = entryFromService(service);
  const extras = service.metadata?.annotations?.[ANNOTATIONS.extraEndpoints];
  const more =
    extras === undefined
      ? []
      : parseEndpointList(extras, `Service ${service.metadata?.name ?? "?"}: ${ANNOTATIONS.extraEndpoints}`);
  return own ? [own, ...more] : more;
}

/**
 * The endpoint entry a Service's own annotations describe; undefined when it has no
 * endpoint-names annotation. Throws, naming the Service and annotation, when one is invalid.
 */
function entryFromService(service: ServiceObject): EndpointEntry | undefined {
  const annotations = service.metadata?.annotations ?? {};
  const namesValue = annotations[ANNOTATIONS.names];
  if (namesValue === undefined) return undefined;
  const where = (annotation: string) => `Service ${service.metadata?.name ?? "?"}: ${annotation}`;
  const urlValue = annotations[ANNOTATIONS.url];
  if (urlValue === undefined) throw new Error(`${where(ANNOTATIONS.url)} is missing`);
  const url = normalizeUrl(urlValue, where(ANNOTATIONS.url));
  const internalValue = annotations[ANNOTATIONS.internalUrl];
  const entry: EndpointEntry = {
    names: parseNames(namesValue, where(ANNOTATIONS.names)),
    url,
    internalUrl: internalValue ? normalizeUrl(internalValue, where(ANNOTATIONS.internalUrl)) : url,
    proxyPath: annotations[ANNOTATIONS.proxyPath] ?? "",
    timeoutMillis: parseTimeoutMillis(
      annotations[ANNOTATIONS.timeoutMillis],
      where(ANNOTATIONS.timeoutMillis),
    ),
  };
  const secretEnv = annotations[ANNOTATIONS.secretEnv];
  if (secretEnv) entry.secretEnv = secretEnv;
  return entry;
}
