import type { EntityManager } from "typeorm";
import type { M3Row } from "../legacy/legacy-values.js";
import type { M3TableRef, M3TablesRepository } from "../target/m3-tables.repository.js";
import { identityOf } from "./m3-rows.js";

/**
 * The columns m3's migrations keep unique beyond a table's identity (the legacy tables did not
 * always), and what the import does with a record whose value another record already has:
 * `skip` it (listed as not placeable), or `clear` the value and import the record (listed).
 * The migrations are the source of these keys; a unique key added there belongs here too.
 */
export const M3_UNIQUE_VALUES: Readonly<Record<string, { column: string; onDuplicate: "skip" | "clear" }>> = {
  concepts: { column: "aphia_id", onDuplicate: "clear" },
  concept_names: { column: "name", onDuplicate: "skip" },
  literature_references: { column: "doi", onDuplicate: "clear" },
  user_accounts: { column: "username", onDuplicate: "skip" },
  video_sequences: { column: "name", onDuplicate: "skip" },
  videos: { column: "name", onDuplicate: "skip" },
  video_references: { column: "uri", onDuplicate: "skip" },
  image_references: { column: "url", onDuplicate: "skip" },
  ancillary_data: { column: "imaged_moment_uuid", onDuplicate: "skip" },
  video_reference_information: { column: "video_reference_uuid", onDuplicate: "skip" },
};

/** The columns each batch of the table is looked up by to settle its unique values (their indexes stay while it loads). */
export function uniqueValueColumns(table: string): string[] {
  const rule = M3_UNIQUE_VALUES[table];
  return rule ? [rule.column] : [];
}

/** Rows to write once unique values are settled, and a line for each record skipped or changed. */
export interface SettledRows {
  rows: M3Row[];
  skipped: string[];
  cleared: string[];
}

/**
 * Settles the unique value of the rows about to be written (added or updated): a value that
 * another m3 record holds, or an earlier row of the same batch, is a duplicate; the first
 * record keeps it.
 */
export async function settleUniqueValues(
  manager: EntityManager,
  target: M3TablesRepository,
  table: M3TableRef,
  rows: readonly M3Row[],
): Promise<SettledRows> {
  const rule = M3_UNIQUE_VALUES[table.name];
  if (!rule || rows.length === 0) return { rows: [...rows], skipped: [], cleared: [] };
  const values = [
    ...new Set(rows.map((row) => row[rule.column]).filter((value) => value !== null && value !== undefined)),
  ];
  const holders = new Map<unknown, string>();
  for (const row of await target.findByColumn(manager, table, rule.column, values)) {
    holders.set(row[rule.column], identityOf(row, table.identity));
  }
  const settled: SettledRows = { rows: [], skipped: [], cleared: [] };
  for (const row of rows) {
    const value = row[rule.column];
    const identity = identityOf(row, table.identity);
    const holder = value === null || value === undefined ? undefined : holders.get(value);
    if (holder === undefined || holder === identity) {
      if (value !== null && value !== undefined) holders.set(value, identity);
      settled.rows.push(row);
      continue;
    }
    const line = `${table.name} ${identity.replaceAll("\u0000", "/")}: ${rule.column} ${String(value)} is already ${holder.replaceAll("\u0000", "/")}'s`;
    if (rule.onDuplicate === "skip") settled.skipped.push(line);
    else {
      settled.cleared.push(`${line}; imported without it`);
      settled.rows.push({ ...row, [rule.column]: null });
    }
  }
  return settled;
}
