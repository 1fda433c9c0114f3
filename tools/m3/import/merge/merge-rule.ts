import type { M3Row } from "../legacy/legacy-values.js";
import { differingColumns } from "./m3-rows.js";

/** What the merge does with one source row. */
export type MergeAction = "add" | "update" | "skip" | "keep";

export interface MergeDecision {
  action: MergeAction;
  /** Both sides changed the record since the previous import (or, with none, they differ): the newer won. */
  conflict: boolean;
}

export interface MergeRuleInput {
  source: M3Row;
  /** The m3 row with the same identity, when there is one. */
  target: M3Row | undefined;
  /** The columns compared (the m3 table's mapped columns). */
  columns: readonly string[];
  /** The m3 last-updated column, when the table has one. */
  lastUpdated?: string;
  /** When the previous import from this source started (m3's instant form), if there was one. */
  previousImport?: string;
}

/**
 * The merge's rule for one record: a new one is added, an equal one skipped. When they differ,
 * the newer last-updated time wins (the source's on a tie, and always where the table keeps no
 * last-updated time): `update` takes the source's row, `keep` leaves m3's. It is a conflict
 * when both sides changed the record since the previous import from this source (m3 stamps a
 * row it changes; the source's time tells when it changed there), or when there was no
 * previous import to tell (a --merge into a non-empty m3).
 */
export function decideMerge(input: MergeRuleInput): MergeDecision {
  const { source, target, columns, lastUpdated, previousImport } = input;
  if (!target) return { action: "add", conflict: false };
  if (differingColumns(source, target, columns).length === 0) return { action: "skip", conflict: false };
  if (!lastUpdated) return { action: "update", conflict: false };
  const sourceTime = String(source[lastUpdated]);
  const targetTime = String(target[lastUpdated]);
  const action: MergeAction = targetTime > sourceTime ? "keep" : "update";
  if (previousImport === undefined) return { action, conflict: true };
  return { action, conflict: sourceTime > previousImport && targetTime > previousImport };
}
