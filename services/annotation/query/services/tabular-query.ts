import type { ViewColumn } from "../view/annotations-view.js";

/** One checked constraint on a view column; values are bound, never spliced. */
export type Condition =
  | { kind: "between"; column: ViewColumn; low: string | number; high: string | number }
  | { kind: "contains" | "equals" | "like" | "notlike"; column: ViewColumn; value: string }
  | { kind: "in"; column: ViewColumn; values: readonly string[] }
  | { kind: "isnull"; column: ViewColumn; isNull: boolean }
  | { kind: "max" | "min"; column: ViewColumn; value: number };

/**
 * Which rows the conditions pick: the matching rows, every row of the matching imaged
 * moments (concurrent), every row of the matching observations (related), or both widenings.
 */
export interface QueryScope {
  concurrentObservations: boolean;
  relatedAssociations: boolean;
}

/** A checked tabular query over the annotations view. */
export interface TabularQuery {
  /** Printed columns, in order. */
  columns: readonly ViewColumn[];
  distinct: boolean;
  conditions: readonly Condition[];
  scope: QueryScope;
  orderBy: readonly ViewColumn[];
  limit?: number;
  offset?: number;
}
