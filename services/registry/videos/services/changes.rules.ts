import { Instant } from "../../../kit/time/instant.js";

/**
 * The requested fields that would change the record: absent (undefined) fields and
 * values equal to the stored ones are left out, so a no-op update writes nothing.
 */
export function changesOf<T extends object, K extends keyof T>(
  current: T,
  requested: Partial<Pick<T, K>>,
): Partial<Pick<T, K>> {
  const changes: Partial<Pick<T, K>> = {};
  for (const key of Object.keys(requested) as K[]) {
    const value = requested[key];
    if (value === undefined || sameValue(current[key], value)) continue;
    changes[key] = value;
  }
  return changes;
}

export function hasChanges(changes: object): boolean {
  return Object.keys(changes).length > 0;
}

function sameValue(stored: unknown, requested: unknown): boolean {
  if (stored instanceof Instant && requested instanceof Instant) return stored.equals(requested);
  return stored === requested;
}
