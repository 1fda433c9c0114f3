import { Instant } from "../../../../services/kit/time/instant.js";

/**
 * A value as the legacy reader hands it over: PostgreSQL's text for timestamps (the session in
 * UTC, so `timestamptz` prints `…+00`), numbers for integers and floats, strings for text and
 * UUIDs. The writer of legacy rows hands the same shapes to pg.
 */
export type LegacyValue = string | number | boolean | null;

/**
 * A value as m3's tables hold it (the backup's values): UUIDs and text as strings, integers and
 * doubles as numbers, booleans as true/false, instants as `YYYY-MM-DD HH:MM:SS.ffffff` (UTC).
 */
export type M3Value = string | number | boolean | null;

export type LegacyRow = Readonly<Record<string, LegacyValue>>;
export type M3Row = Readonly<Record<string, M3Value>>;

/** A legacy row m3 cannot hold (its reason is reported; the row is not imported). */
export class UnplaceableRowError extends Error {
  override name = "UnplaceableRowError";
}

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A UUID in m3's form: lower-case canonical text (SQL Server prints upper case). */
export function m3Uuid(value: LegacyValue): string {
  const text = String(value).trim().toLowerCase();
  if (!CANONICAL_UUID.test(text)) throw new UnplaceableRowError(`not a UUID: ${String(value)}`);
  return text;
}

const ZONE_SUFFIX = /([+-]\d\d(?::?\d\d)?|Z)$/;

/**
 * An instant in m3's form from PostgreSQL's text of a `timestamp` (UTC wall clock, as the
 * services wrote it) or a `timestamptz` read in a UTC session (`…+00`). The microseconds are
 * kept: the value never passes through a JavaScript Date.
 */
export function m3Instant(value: LegacyValue): string {
  const text = String(value).trim();
  const zone = ZONE_SUFFIX.exec(text)?.[1];
  if (text === "infinity" || text === "-infinity" || text.includes("BC")) {
    throw new UnplaceableRowError(`an instant m3 cannot hold: ${text}`);
  }
  if (zone && zone !== "Z" && !/^\+00(?::?00)?$/.test(zone)) {
    const parsed = Instant.parse(text.replace(" ", "T"));
    if (!parsed) throw new UnplaceableRowError(`not a timestamp: ${text}`);
    return parsed.toSql();
  }
  const bare = zone ? text.slice(0, -zone.length) : text;
  try {
    return Instant.fromSql(bare).toSql();
  } catch {
    throw new UnplaceableRowError(`an instant m3 cannot hold: ${text}`);
  }
}

/** A timestamp literal for either legacy type from m3's instant: `timestamp` ignores the offset. */
export function legacyInstant(value: M3Value): string {
  return `${String(value)}+00`;
}

/** A whole number: pg hands `bigint` and `numeric` over as text. */
export function m3Integer(value: LegacyValue): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(number))
    throw new UnplaceableRowError(`not a whole number m3 can hold: ${value}`);
  return number;
}

/**
 * A double from a legacy `real` or `double precision`: PostgreSQL 12 and later print `real` in
 * its shortest round-trip decimal, which is what annosaurus printed, so the text's number is kept.
 */
export function m3Double(value: LegacyValue): number {
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) throw new UnplaceableRowError(`not a finite number: ${value}`);
  return number;
}
