/**
 * The ports m3's processes listen on unless told otherwise: each domain's gRPC port and the
 * gateway's HTTP port. The domains' settings, the standalone gateway, the operator's builders
 * and the docs (docs/configuration.md) all mean these.
 */
export const DOMAIN_GRPC_PORTS = {
  kb: 50051,
  annotation: 50052,
  registry: 50053,
  config: 50054,
  capture: 50055,
  upload: 50056,
} as const;

export const GATEWAY_HTTP_PORT = 8080;
