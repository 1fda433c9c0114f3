/**
 * The processes a platform runs, each a Deployment of the one image (its command word in
 * tools/m3/image/image-commands.ts), with the gRPC port the chart and docs/configuration.md give
 * it (the gateway's is its HTTP port).
 */
export const DOMAIN_PORTS = {
  kb: 50051,
  annotation: 50052,
  registry: 50053,
  config: 50054,
  capture: 50055,
  upload: 50056,
  gateway: 8080,
} as const;

export type DomainName = keyof typeof DOMAIN_PORTS;

export const DOMAIN_NAMES = Object.keys(DOMAIN_PORTS) as DomainName[];

/** The domains that keep tables in the database. */
export const DATABASE_DOMAINS: readonly DomainName[] = ["kb", "annotation", "registry"];
