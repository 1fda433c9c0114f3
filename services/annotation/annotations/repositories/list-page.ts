import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";

/** A slice of an ordered list; without a limit it runs to the end (the legacy default). */
export interface ListPage {
  limit?: number;
  offset: number;
}

/** Neither database takes an OFFSET without a LIMIT: "to the end" is the largest safe limit. */
export function paged<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  page: ListPage,
): SelectQueryBuilder<T> {
  if (page.limit === undefined && page.offset === 0) return query;
  return query.limit(page.limit ?? Number.MAX_SAFE_INTEGER).offset(page.offset);
}
