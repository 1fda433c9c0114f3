import type { Conversion } from "./legacy-conversions.js";
import type { LegacyValue, M3Row } from "./legacy-values.js";

/** The m3 domains the legacy services' tables go to: oni → kb, vampire-squid → registry, annosaurus → annotation. */
export type LegacyDomain = "kb" | "registry" | "annotation";

export const LEGACY_DOMAINS: readonly LegacyDomain[] = ["kb", "registry", "annotation"];

/** The legacy service each domain's tables come from. */
export const LEGACY_SERVICE: Readonly<Record<LegacyDomain, string>> = {
  kb: "oni",
  registry: "vampire-squid",
  annotation: "annosaurus",
};

/** One legacy column and the m3 column it becomes, with the conversion both ways. */
export interface ColumnPair {
  /** The column as PostgreSQL stores it (oni's unquoted CamelCase folded to lower case). */
  readonly legacy: string;
  readonly m3: string;
  readonly convert: Conversion;
  /** A column some legacy layouts lack (read as NULL when absent; not required by the schema check). */
  readonly optional?: true;
}

/** A legacy column m3 has no place for: not imported; written from m3's row when building a legacy database. */
export interface LegacyOnlyColumn {
  readonly legacy: string;
  /** Its value in a legacy row built from m3's (NULL, or the column's default, when absent). */
  readonly fromM3?: (row: M3Row) => LegacyValue;
  /** Current services may lack it (the quickstart has it); not required by the schema check. */
  readonly optional?: true;
}

/**
 * One legacy table and the m3 table its rows become. `role: "delegates"` is oni's
 * ConceptDelegate, which is no table in m3: read, it resolves the other kb tables'
 * `ConceptDelegateID_FK` to concepts; written, it gets one delegate per concept with the
 * concept's id.
 */
export interface LegacyTableMapping {
  readonly domain: LegacyDomain;
  /** The table as PostgreSQL stores it (lower case). */
  readonly legacy: string;
  /** The table as the legacy sources spell it (oni's CamelCase), for messages and docs. */
  readonly spelled: string;
  readonly m3: string;
  /** The legacy primary key: rows are read in its order, a batch at a time, from the last key read. */
  readonly legacyKey: readonly string[];
  /** The m3 columns that identify a row across imports (the legacy identity, kept). */
  readonly identity: readonly string[];
  /** The legacy last-updated column, when the table has one: it tells which side changed a row last. */
  readonly lastUpdated?: string;
  /** The m3 column the last-updated time lands in (absent: m3 keeps none, values are compared). */
  readonly m3LastUpdated?: string;
  readonly columns: readonly ColumnPair[];
  readonly legacyOnly: readonly LegacyOnlyColumn[];
  readonly role?: "delegates";
}

/** Declares a table mapping (only to type-check the declaration where it is written). */
export function legacyTable(mapping: LegacyTableMapping): LegacyTableMapping {
  return mapping;
}

/** A column pair whose two names are the same (vampire-squid's and annosaurus's tables). */
export function same(column: string, convert: Conversion, optional?: true): ColumnPair {
  return optional
    ? { legacy: column, m3: column, convert, optional }
    : { legacy: column, m3: column, convert };
}
