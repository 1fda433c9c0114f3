import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import type { SqlStatement } from "./statement.js";

/**
 * A slice of an ordered list: an absent limit runs to the end, an absent offset skips none (the
 * legacy default of annotation's lists). Where a legacy API bounds its lists by default (kb,
 * registry: 100), the domain's input rules fill the limit in before the page reaches a repository.
 */
export interface Page {
  limit?: number;
  offset?: number;
}

/** Neither MySQL nor SQLite takes an OFFSET without a LIMIT: "to the end" is the largest safe limit. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** Whether the page neither bounds nor skips, so a statement needs no LIMIT at all. */
function isWhole(page: Page): boolean {
  return page.limit === undefined && !page.offset;
}

/** ` LIMIT ? OFFSET ?` and its values for a statement written by hand, or nothing for the whole list. */
export function pageClause(page: Page): SqlStatement {
  if (isWhole(page)) return { sql: "", params: [] };
  return { sql: " LIMIT ? OFFSET ?", params: [page.limit ?? NO_LIMIT, page.offset ?? 0] };
}

/** The query builder's query limited to the page (TypeORM writes the numbers into the SQL). */
export function paged<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  page: Page,
): SelectQueryBuilder<T> {
  if (isWhole(page)) return query;
  return query.limit(page.limit ?? NO_LIMIT).offset(page.offset ?? 0);
}
