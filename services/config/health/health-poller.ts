import type { HealthStatus } from "../../../proto/gen/m3/config/v1/resources.js";

const TEXT_FIELDS = ["jdkVersion", "application", "version", "description"] as const;
const NUMBER_FIELDS = ["availableProcessors", "freeMemory", "maxMemory", "totalMemory"] as const;

/**
 * GETs `<internalUrl>/health` within the timeout; the legacy HealthStatus record when the
 * service answers 200 with one, undefined when it is down, slow or answers anything else.
 */
export async function pollHealth(
  internalUrl: string,
  timeoutMillis: number,
): Promise<HealthStatus | undefined> {
  try {
    const response = await fetch(`${internalUrl}/health`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMillis),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return undefined;
    }
    return decodeHealthStatus(await response.json());
  } catch {
    return undefined;
  }
}

/** The record when value has the legacy HealthStatus fields with the right types. */
export function decodeHealthStatus(value: unknown): HealthStatus | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((name) => typeof fields[name] === "string")) return undefined;
  if (!NUMBER_FIELDS.every((name) => Number.isSafeInteger(fields[name]))) return undefined;
  return {
    jdkVersion: fields.jdkVersion as string,
    availableProcessors: fields.availableProcessors as number,
    freeMemory: fields.freeMemory as number,
    maxMemory: fields.maxMemory as number,
    totalMemory: fields.totalMemory as number,
    application: fields.application as string,
    version: fields.version as string,
    description: fields.description as string,
  };
}
