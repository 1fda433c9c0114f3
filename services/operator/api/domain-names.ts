import { DOMAIN_GRPC_PORTS, GATEWAY_HTTP_PORT } from "../../kit/domain/default-ports.js";

/**
 * The processes a platform runs, each a Deployment of the one image (its command word in
 * tools/m3/image/image-commands.ts), with the gRPC port the chart and docs/configuration.md give
 * it (the gateway's is its HTTP port).
 */
export const DOMAIN_PORTS = { ...DOMAIN_GRPC_PORTS, gateway: GATEWAY_HTTP_PORT } as const;

export type DomainName = keyof typeof DOMAIN_PORTS;

export const DOMAIN_NAMES = Object.keys(DOMAIN_PORTS) as DomainName[];

/** The domains that keep tables in the database. */
export const DATABASE_DOMAINS: readonly DomainName[] = ["kb", "annotation", "registry"];
