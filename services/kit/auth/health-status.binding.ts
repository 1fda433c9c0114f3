import { availableParallelism } from "node:os";
import { getHeapStatistics } from "node:v8";
import type { Logger } from "pino";
import {
  type GetHealthStatusResponse,
  HealthStatusServiceService,
} from "../../../proto/gen/m3/common/v1/health.js";
import { bindService, type ServiceBinding } from "../grpc/bind-service.js";
import { HEALTH_STATUS_ACCESS } from "./health-status.access.js";

export interface HealthStatusOptions {
  /** The legacy application name clients expect, e.g. "vampire-squid". */
  application: string;
  description: string;
  version: string;
  logger?: Logger;
}

// Nothing here needs a token, so no verifier is ever asked.
const NO_TOKENS = { verifyClaims: () => Promise.reject(new Error("no protected methods")) };

/** m3.common.v1.HealthStatusService: the legacy health record, with the V8 heap as "memory". */
export function createHealthStatusBinding(options: HealthStatusOptions): ServiceBinding {
  return bindService(
    HealthStatusServiceService,
    { getHealthStatus: async () => currentHealthStatus(options) },
    { declaration: HEALTH_STATUS_ACCESS, tokens: NO_TOKENS, logger: options.logger },
  );
}

/** This process's legacy health record now (also the config service's own entry in its lists). */
export function currentHealthStatus(
  identity: Pick<HealthStatusOptions, "application" | "description" | "version">,
): GetHealthStatusResponse {
  const heap = getHeapStatistics();
  const free = heap.total_heap_size - heap.used_heap_size;
  return {
    jdkVersion: process.versions.node,
    availableProcessors: availableParallelism(),
    // Consumers (the config service) treat 0 as "down", so fall back to the room left to grow.
    freeMemory: free > 0 ? free : heap.total_available_size,
    maxMemory: heap.heap_size_limit,
    totalMemory: heap.total_heap_size,
    application: identity.application,
    version: identity.version,
    description: identity.description,
  };
}
