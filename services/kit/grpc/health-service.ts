import * as grpc from "@grpc/grpc-js";
import { fromJSON, type PackageDefinition } from "@grpc/proto-loader";
import protobuf from "protobufjs";
import { DependencyCheck, type DependencyProbe, dependencyServiceName } from "./dependency-check.js";

// The standard grpc.health.v1 contract, defined here so no extra package is needed.
const HEALTH_PROTO = `
syntax = "proto3";
package grpc.health.v1;
message HealthCheckRequest { string service = 1; }
message HealthCheckResponse {
  enum ServingStatus { UNKNOWN = 0; SERVING = 1; NOT_SERVING = 2; SERVICE_UNKNOWN = 3; }
  ServingStatus status = 1;
}
service Health {
  rpc Check(HealthCheckRequest) returns (HealthCheckResponse);
  rpc Watch(HealthCheckRequest) returns (stream HealthCheckResponse);
}`;

export type ServingStatus = "SERVING" | "NOT_SERVING" | "SERVICE_UNKNOWN";

interface HealthCheckRequest {
  service: string;
}

interface HealthCheckResponse {
  status: ServingStatus;
}

const healthRoot = protobuf.parse(HEALTH_PROTO, { keepCase: true }).root;
const requestType = healthRoot.lookupType("grpc.health.v1.HealthCheckRequest");
const responseType = healthRoot.lookupType("grpc.health.v1.HealthCheckResponse");

let healthPackage: PackageDefinition | undefined;

/** grpc.health.v1 as a proto-loader package definition, so reflection can describe it (built on first use). */
export function healthPackageDefinition(): PackageDefinition {
  healthPackage ??= fromJSON(healthRoot.toJSON());
  return healthPackage;
}

const encode =
  (type: protobuf.Type) =>
  (value: object): Buffer =>
    Buffer.from(type.encode(type.fromObject(value)).finish());
const decode =
  <T>(type: protobuf.Type) =>
  (bytes: Buffer): T =>
    type.toObject(type.decode(bytes), { enums: String, defaults: true }) as T;

const healthDefinition: grpc.ServiceDefinition = {
  check: {
    path: "/grpc.health.v1.Health/Check",
    requestStream: false,
    responseStream: false,
    requestSerialize: encode(requestType),
    requestDeserialize: decode<HealthCheckRequest>(requestType),
    responseSerialize: encode(responseType),
    responseDeserialize: decode<HealthCheckResponse>(responseType),
  },
  watch: {
    path: "/grpc.health.v1.Health/Watch",
    requestStream: false,
    responseStream: true,
    requestSerialize: encode(requestType),
    requestDeserialize: decode<HealthCheckRequest>(requestType),
    responseSerialize: encode(responseType),
    responseDeserialize: decode<HealthCheckResponse>(responseType),
  },
};

type Watch = grpc.ServerWritableStream<HealthCheckRequest, HealthCheckResponse>;

/**
 * The serving status of a server's services ("" is the server as a whole). Once the server
 * starts shutting down every service reports NOT_SERVING, so load balancers stop routing to it.
 * Dependencies (`m3.dependency.database`) are checked when asked: their status tells whether
 * the domain's database answers, without changing the server's own status, since the domain
 * still answers every call (503 with Retry-After) while its database is away.
 */
export class HealthService {
  readonly definition = healthDefinition;
  readonly implementation: grpc.UntypedServiceImplementation;
  private readonly statuses = new Map<string, ServingStatus>();
  private readonly dependencies = new Map<string, DependencyCheck>();
  private readonly watches = new Set<Watch>();

  constructor(serviceNames: readonly string[], dependencies: Readonly<Record<string, DependencyProbe>> = {}) {
    for (const name of ["", ...serviceNames]) this.statuses.set(name, "SERVING");
    for (const [name, probe] of Object.entries(dependencies)) {
      this.dependencies.set(dependencyServiceName(name), new DependencyCheck(probe));
    }
    this.implementation = {
      check: (
        call: grpc.ServerUnaryCall<HealthCheckRequest, HealthCheckResponse>,
        callback: grpc.sendUnaryData<HealthCheckResponse>,
      ) => {
        const dependency = this.dependencies.get(call.request.service);
        if (dependency) {
          void dependency.status().then((status) => callback(null, { status }));
          return;
        }
        const status = this.statuses.get(call.request.service);
        if (status === undefined) callback({ code: grpc.status.NOT_FOUND, details: "Unknown service" });
        else callback(null, { status });
      },
      watch: (call: Watch) => {
        this.watches.add(call);
        call.on("cancelled", () => this.watches.delete(call));
        call.write({ status: this.statusOf(call) });
      },
    };
  }

  /** Reports NOT_SERVING everywhere and closes the watches: nothing will change any more. */
  shutDown(): void {
    for (const name of this.statuses.keys()) this.statuses.set(name, "NOT_SERVING");
    for (const call of this.watches) {
      call.write({ status: this.statusOf(call) });
      call.end();
    }
    this.watches.clear();
  }

  private statusOf(call: Watch): ServingStatus {
    return this.statuses.get(call.request.service) ?? "SERVICE_UNKNOWN";
  }
}
