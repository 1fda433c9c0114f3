import {
  type LegacyRow,
  type LegacyValue,
  legacyInstant,
  type M3Row,
  type M3Value,
  m3Double,
  m3Instant,
  m3Integer,
  m3Uuid,
  UnplaceableRowError,
} from "./legacy-values.js";

/** What a conversion reading legacy rows needs besides the row: oni's delegates, folded into concepts. */
export interface ReadContext {
  /** The concept a `ConceptDelegate` id stands for, when there is one. */
  conceptOfDelegate(delegateId: number): number | undefined;
  /** The import's own time (m3's instant form), for a last-updated time the legacy row lacks. */
  readonly importedAt: string;
}

/**
 * One column's value, both ways: `toM3` reads a legacy value (with its row, for conversions
 * that depend on another column), `toLegacy` writes m3's value back as the legacy services
 * stored it (used to build legacy databases from m3-shaped rows). `toM3` throws
 * UnplaceableRowError for a row m3 cannot hold.
 */
export interface Conversion {
  toM3(value: LegacyValue, row: LegacyRow, context: ReadContext): M3Value;
  toLegacy(value: M3Value, row: M3Row): LegacyValue;
}

const orNull =
  <T>(convert: (value: LegacyValue) => T) =>
  (value: LegacyValue): T | null =>
    value === null ? null : convert(value);

/** Copied as stored. */
export const kept: Conversion = { toM3: (value) => value, toLegacy: (value) => value };

/** A UUID, lower-cased and checked (NULL stays NULL where the column allows it). */
export const uuid: Conversion = { toM3: orNull(m3Uuid), toLegacy: (value) => value };

/** A whole number (bigint and numeric arrive as text). */
export const integer: Conversion = { toM3: orNull(m3Integer), toLegacy: (value) => value };

/** A double, or a `real` printed as its shortest decimal. */
export const double: Conversion = { toM3: orNull(m3Double), toLegacy: (value) => value };

/** An instant at full precision, read as text in UTC. */
export const instant: Conversion = {
  toM3: orNull(m3Instant),
  toLegacy: (value) => (value === null ? null : legacyInstant(value)),
};

/** A SHA-512 digest as m3 stores digests: lower-case hex (older vampire-squid wrote upper case). */
export const digest: Conversion = {
  toM3: (value) => (value === null ? null : String(value).toLowerCase()),
  toLegacy: (value) => value,
};

/** oni's `smallint` 0/1 flag (SQL Server `bit`): 1 is true; 0 and NULL are false. */
export const flag: Conversion = {
  toM3: (value) => value !== null && Number(value) === 1,
  toLegacy: (value) => (value ? 1 : 0),
};

/** A text m3 requires: the legacy NULL becomes `substitute`. */
export function textOr(substitute: string): Conversion {
  return { toM3: (value) => (value === null ? substitute : value), toLegacy: (value) => value };
}

/** A value m3 requires and has no substitute for: a NULL makes the row unplaceable. */
export function required(what: string, then: Conversion = kept): Conversion {
  return {
    toM3: (value, row, context) => {
      if (value === null) throw new UnplaceableRowError(`${what} is NULL`);
      return then.toM3(value, row, context);
    },
    toLegacy: then.toLegacy,
  };
}

/** A last-updated time m3 requires: NULL (oni's own migration allows it) becomes the import's time. */
export const instantOrImportTime: Conversion = {
  toM3: (value, _row, context) => (value === null ? context.importedAt : m3Instant(value)),
  toLegacy: (value) => legacyInstant(value),
};

/** An instant m3 requires: NULL becomes the same row's `fallback` column (another instant). */
export function instantOr(fallback: string): Conversion {
  return {
    toM3: (value, row) => m3Instant(value ?? requiredValue(row, fallback)),
    toLegacy: instant.toLegacy,
  };
}

/**
 * oni's `ConceptDelegateID_FK`: m3 hangs a concept's attachments on the concept, so the
 * delegate becomes its concept. Written back, a concept's delegate has the concept's id (the
 * ConceptDelegate declaration writes one per concept).
 */
export const delegate: Conversion = {
  toM3: (value, _row, context) => {
    if (value === null) throw new UnplaceableRowError("its concept delegate is NULL");
    const concept = context.conceptOfDelegate(m3Integer(value));
    if (concept === undefined) throw new UnplaceableRowError(`concept delegate ${value} does not exist`);
    return concept;
  },
  toLegacy: (value) => value,
};

/**
 * oni's `History.Approved` (NOT NULL 0/1) read as oni reads it: an unprocessed row (no
 * `ProcessedDTG`) is pending (NULL); a processed one is approved (1) or rejected (0).
 */
export const approval: Conversion = {
  toM3: (value, row) => (row.processeddtg === null ? null : Number(value) === 1),
  toLegacy: (value) => (value === true ? 1 : 0),
};

function requiredValue(row: LegacyRow, column: string): LegacyValue {
  const value = row[column];
  if (value === null || value === undefined) throw new UnplaceableRowError(`${column} is NULL`);
  return value;
}
