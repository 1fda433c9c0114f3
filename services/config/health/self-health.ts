import { availableParallelism } from "node:os";
import { getHeapStatistics } from "node:v8";
import type { HealthStatus } from "../../../proto/gen/m3/config/v1/resources.js";

/** This process's own record, as its /config/health reports it (the V8 heap as "memory"). */
export function selfHealth(identity: {
  application: string;
  description: string;
  version: string;
}): HealthStatus {
  const heap = getHeapStatistics();
  const free = heap.total_heap_size - heap.used_heap_size;
  return {
    jdkVersion: process.versions.node,
    availableProcessors: availableParallelism(),
    freeMemory: free > 0 ? free : heap.total_available_size,
    maxMemory: heap.heap_size_limit,
    totalMemory: heap.total_heap_size,
    ...identity,
  };
}
