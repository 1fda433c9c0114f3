import type { ServiceError } from "@grpc/grpc-js";
import protobuf from "protobufjs";
import type { DomainTransport } from "../engine/domain-transport.js";
import { grpcStatusName } from "../engine/status-table.js";

/** grpc.health.v1, the part the gateway needs (Check), described inline. */
const healthRoot = protobuf.Root.fromJSON({
  nested: {
    grpc: {
      nested: {
        health: {
          nested: {
            v1: {
              nested: {
                HealthCheckRequest: { fields: { service: { type: "string", id: 1 } } },
                HealthCheckResponse: {
                  fields: { status: { type: "ServingStatus", id: 1 } },
                  nested: {
                    ServingStatus: { values: { UNKNOWN: 0, SERVING: 1, NOT_SERVING: 2, SERVICE_UNKNOWN: 3 } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export const HEALTH_CHECK_PATH = "/grpc.health.v1.Health/Check";
export const HealthCheckRequest = healthRoot.lookupType("grpc.health.v1.HealthCheckRequest");
export const HealthCheckResponse = healthRoot.lookupType("grpc.health.v1.HealthCheckResponse");
const ServingStatus = healthRoot.lookupEnum("grpc.health.v1.HealthCheckResponse.ServingStatus");

/** grpc.health.v1 service of a domain's database (services/kit/grpc/dependency-check.ts). */
export const DATABASE_HEALTH_SERVICE = "m3.dependency.database";

/**
 * A domain server's health: of the server as a whole ("") or of one of its services or
 * dependencies: SERVING, NOT_SERVING, ... or the failed call's status (NOT_FOUND: no such service).
 */
export async function checkHealth(
  client: DomainTransport,
  timeoutMillis: number,
  service = "",
): Promise<string> {
  const request = HealthCheckRequest.encode({ service }).finish();
  try {
    const reply = await client.unary(HEALTH_CHECK_PATH, request, { metadata: {}, timeoutMillis });
    const { status } = HealthCheckResponse.decode(reply) as unknown as { status: number };
    return ServingStatus.valuesById[status] ?? "UNKNOWN";
  } catch (error) {
    return grpcStatusName((error as ServiceError).code) ?? "UNKNOWN";
  }
}
