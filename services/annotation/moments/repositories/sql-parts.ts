import type { EntityManager } from "typeorm";
import type { Dialect } from "../../../kit/storage/domain-storage.js";

/** A page of a list; an absent limit means no limit. */
export interface Page {
  limit?: number;
  offset?: number;
}

/** `?, ?, ?` for an IN list of n values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}

// MySQL needs a LIMIT to take an OFFSET; 2^53-1 is "no limit" for both dialects.
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** ` LIMIT ? OFFSET ?` and its values, or nothing when the page is unbounded. */
export function pageClause(page: Page): { sql: string; params: number[] } {
  if (page.limit === undefined && !page.offset) return { sql: "", params: [] };
  return { sql: " LIMIT ? OFFSET ?", params: [page.limit ?? NO_LIMIT, page.offset ?? 0] };
}

/** Escapes LIKE wildcards so a name matches literally (with ESCAPE '!'). */
export function likeLiteral(text: string): string {
  return text.replace(/[!%_]/g, (character) => `!${character}`);
}

/**
 * ` FORCE INDEX (index)` on MySQL/MariaDB, nothing on SQLite. MariaDB estimates IN lists of
 * more than 200 values (eq_range_index_dive_limit) from statistics that can make it scan the
 * whole table instead of the index (seen on associations.observation_uuid: 110 ms vs 10 ms).
 */
export function forceIndex(on: EntityManager | Dialect, index: string): string {
  const dialect = typeof on === "string" ? on : on.connection.options.type;
  return dialect === "mysql" ? ` FORCE INDEX (${index})` : "";
}

/**
 * ` INDEXED BY index` on SQLite, nothing on MySQL/MariaDB. SQLite, which keeps no statistics,
 * prefers a unique index for an equality even when another index answers from its own entries.
 */
export function indexedBy(on: EntityManager | Dialect, index: string): string {
  const dialect = typeof on === "string" ? on : on.connection.options.type;
  return dialect === "mysql" ? "" : ` INDEXED BY ${index}`;
}
