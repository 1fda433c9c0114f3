import type { ReadContext } from "./legacy-conversions.js";
import type { LegacyTableMapping } from "./legacy-mapping.js";
import type { LegacyRow, LegacyValue, M3Row, M3Value } from "./legacy-values.js";

/**
 * The m3 row a legacy row becomes (its m3 columns by name). Throws UnplaceableRowError for a
 * row m3 cannot hold. A column the source lacks (an optional one) reads as NULL.
 */
export function toM3Row(mapping: LegacyTableMapping, row: LegacyRow, context: ReadContext): M3Row {
  const values: Record<string, M3Value> = {};
  for (const pair of mapping.columns)
    values[pair.m3] = pair.convert.toM3(row[pair.legacy] ?? null, row, context);
  return values;
}

/**
 * The legacy row an m3 row is written as (for building legacy databases from generated m3
 * rows): every mapped column, and the legacy-only columns that have a value to write.
 */
export function toLegacyRow(mapping: LegacyTableMapping, row: M3Row): Record<string, LegacyValue> {
  const values: Record<string, LegacyValue> = {};
  for (const pair of mapping.columns) values[pair.legacy] = pair.convert.toLegacy(row[pair.m3] ?? null, row);
  for (const column of mapping.legacyOnly) {
    if (column.fromM3) values[column.legacy] = column.fromM3(row);
  }
  return values;
}

/** The legacy columns to read for a mapping (mapped, last-updated; those `present` lacks left out). */
export function legacyColumnsToRead(mapping: LegacyTableMapping, present?: ReadonlySet<string>): string[] {
  const wanted = [
    ...mapping.columns.map((pair) => pair.legacy),
    ...(mapping.lastUpdated ? [mapping.lastUpdated] : []),
  ];
  return [...new Set(wanted)].filter((column) => !present || present.has(column));
}
