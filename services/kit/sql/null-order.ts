import type { EntityManager } from "typeorm";
import type { Dialect } from "../storage/domain-storage.js";
import { isMysql } from "./dialect-hints.js";

export type SortDirection = "ASC" | "DESC";

/**
 * Where an ORDER BY term puts NULL so that it sorts as the smallest value on every engine:
 * first ascending, last descending. MySQL/MariaDB and SQLite do so by default (MariaDB takes no
 * NULLS FIRST/LAST: undefined there; SQLite's plan is the same with it); PostgreSQL sorts NULL
 * as the largest value unless told. For TypeORM's orderBy, whose third argument this is.
 */
export function nullsSmallest(
  on: EntityManager | Dialect,
  direction: SortDirection = "ASC",
): "NULLS FIRST" | "NULLS LAST" | undefined {
  if (isMysql(on)) return undefined;
  return direction === "ASC" ? "NULLS FIRST" : "NULLS LAST";
}

/** `column ASC|DESC` for a statement written by hand, NULL sorting as the smallest value. */
export function orderTerm(
  on: EntityManager | Dialect,
  column: string,
  direction: SortDirection = "ASC",
): string {
  const nulls = nullsSmallest(on, direction);
  return nulls ? `${column} ${direction} ${nulls}` : `${column} ${direction}`;
}
