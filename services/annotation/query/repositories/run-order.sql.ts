import type { TabularQuery } from "../services/tabular-query.js";
import type { ViewColumn } from "../view/annotations-view.js";

/**
 * How rows sorted by the database on the first order column only become fully ordered: each
 * run of rows sharing that column's value is sorted by the remaining order columns here.
 */
export interface RunOrder {
  /** Where the first order column's value is in each row. */
  leadIndex: number;
  /** Where the remaining order columns' values (UUIDs) are, in order. */
  tieIndexes: number[];
}

/** A query rewritten for run sorting: ordered by its first column only, with its order columns selected. */
export interface RunOrderPlan {
  query: TabularQuery;
  runOrder: RunOrder;
}

/** Imaged-moment columns whose equal values compare equal in JavaScript too (no text collation). */
const LEAD_KINDS = new Set(["instant", "long", "uuid"]);

/**
 * Ordering a whole download by columns of several tables makes the database materialize and
 * sort every joined row (1.2 M rows of ~60 columns); ordering by one column of the imaged
 * moment, the table the view starts from, sorts only the moments and streams the joins. So
 * when the first order column is such a column and the others are UUIDs (whose binary order
 * JavaScript's string order matches), the database sorts by the first and the runs are
 * sorted here. Not for pages (a LIMIT would cut a run) nor DISTINCT; undefined then.
 */
export function runOrderPlan(query: TabularQuery): RunOrderPlan | undefined {
  const [lead, ...ties] = query.orderBy;
  if (!lead || ties.length === 0 || query.distinct) return undefined;
  if (query.limit !== undefined || query.offset !== undefined) return undefined;
  if (!lead.expression.startsWith("im.") || !LEAD_KINDS.has(lead.kind)) return undefined;
  if (ties.some((column) => column.kind !== "uuid")) return undefined;
  const columns: ViewColumn[] = [...query.columns];
  const indexOf = (column: ViewColumn) => {
    const at = columns.indexOf(column);
    if (at !== -1) return at;
    columns.push(column);
    return columns.length - 1;
  };
  return {
    query: { ...query, columns, orderBy: [lead] },
    runOrder: { leadIndex: indexOf(lead), tieIndexes: ties.map(indexOf) },
  };
}
