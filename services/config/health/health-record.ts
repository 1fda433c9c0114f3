import type { HealthStatus } from "../../../proto/gen/m3/config/v1/resources.js";

const TEXT_FIELDS = ["jdkVersion", "application", "version", "description"] as const;
const NUMBER_FIELDS = ["availableProcessors", "freeMemory", "maxMemory", "totalMemory"] as const;

/**
 * The health a service's `/health` answer gives: the legacy HealthStatus record the M3 services
 * answer, or a MicroProfile health document (`{"status":"UP","checks":[…]}`, as charybdis's
 * Quarkus server answers) that is up and whose checks carry one in their `data` (charybdis's
 * "Server status" check) or a memory check's `freeBytes`, `maxBytes` and `totalBytes` (Helidon's,
 * which raziel reads). Anything else is undefined: not a health answer.
 */
export function decodeHealthStatus(value: unknown): HealthStatus | undefined {
  const record = legacyRecord(value);
  if (record || !isObject(value) || !Array.isArray(value.checks) || value.status !== "UP") return record;
  const checks = value.checks.filter(isObject);
  for (const check of checks) {
    const carried = legacyRecord(check.data);
    if (carried) return carried;
  }
  const memory = checks.map((check) => check.data).findLast(isObject);
  const bytes = [memory?.freeBytes, memory?.maxBytes, memory?.totalBytes];
  if (!bytes.every(Number.isSafeInteger)) return undefined;
  const [freeMemory, maxMemory, totalMemory] = bytes as number[];
  return {
    jdkVersion: "unknown",
    availableProcessors: 0,
    freeMemory: freeMemory as number,
    maxMemory: maxMemory as number,
    totalMemory: totalMemory as number,
    application: "unknown",
    version: "unknown",
    description: "unknown",
  };
}

/** The record when value has the legacy HealthStatus fields with the right types. */
function legacyRecord(value: unknown): HealthStatus | undefined {
  if (!isObject(value)) return undefined;
  if (!TEXT_FIELDS.every((name) => typeof value[name] === "string")) return undefined;
  if (!NUMBER_FIELDS.every((name) => Number.isSafeInteger(value[name]))) return undefined;
  return {
    jdkVersion: value.jdkVersion as string,
    availableProcessors: value.availableProcessors as number,
    freeMemory: value.freeMemory as number,
    maxMemory: value.maxMemory as number,
    totalMemory: value.totalMemory as number,
    application: value.application as string,
    version: value.version as string,
    description: value.description as string,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
