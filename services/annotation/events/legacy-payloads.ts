import type { Annotation, Association } from "../../../proto/gen/m3/annotation/v1/resources.js";
import { Instant } from "../../kit/time/instant.js";

type Timestamp = { seconds: number; nanos: number };

/**
 * annosaurus's ZeroMQ body for a created or updated annotation: the annotation in camelCase
 * (its own JSON codec, not the snake_case of its REST answers), absent fields left out, lists
 * kept even when empty, instants in ISO-8601.
 */
export function legacyAnnotationJson(annotation: Annotation): string {
  return JSON.stringify(
    legacyRecord({ ...annotation, associations: annotation.associations.map(legacyAssociation) }),
  );
}

/** annosaurus's ZeroMQ body for a created or updated association (camelCase, with its owners). */
export function legacyAssociationJson(association: Association): string {
  return JSON.stringify(legacyRecord(legacyAssociation(association)));
}

/** annosaurus names an association's stamp `lastUpdated`, as the annotation's. */
function legacyAssociation(association: Association): Record<string, unknown> {
  const { lastUpdatedTime, ...fields } = association;
  return { ...fields, lastUpdated: lastUpdatedTime };
}

function legacyRecord(record: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || value === null) continue;
    out[key] = legacyValue(value);
  }
  return out;
}

function legacyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(legacyValue);
  if (isTimestamp(value)) return Instant.fromTimestamp(value).toString();
  if (typeof value === "object" && value !== null) return legacyRecord(value);
  return value;
}

function isTimestamp(value: unknown): value is Timestamp {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 2 &&
    typeof (value as Timestamp).seconds === "number" &&
    typeof (value as Timestamp).nanos === "number"
  );
}
