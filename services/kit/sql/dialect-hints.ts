import type { EntityManager } from "typeorm";
import type { Dialect } from "../storage/domain-storage.js";

/** Whether the statement is for MySQL/MariaDB (the manager's connection, or the dialect named). */
export function isMysql(on: EntityManager | Dialect): boolean {
  return (typeof on === "string" ? on : on.connection.options.type) === "mysql";
}

/**
 * ` FORCE INDEX (index)` on MySQL/MariaDB, nothing on SQLite. MariaDB estimates IN lists of
 * more than 200 values (eq_range_index_dive_limit) from statistics that can make it scan the
 * whole table instead of the index (seen on associations.observation_uuid: 110 ms vs 10 ms).
 */
export function forceIndex(on: EntityManager | Dialect, index: string): string {
  return isMysql(on) ? ` FORCE INDEX (${index})` : "";
}

/**
 * ` INDEXED BY index` on SQLite, nothing on MySQL/MariaDB. SQLite, which keeps no statistics,
 * prefers a unique index for an equality even when another index answers from its own entries.
 */
export function indexedBy(on: EntityManager | Dialect, index: string): string {
  return isMysql(on) ? "" : ` INDEXED BY ${index}`;
}

/**
 * A join that reads its left side first, with an ON clause: STRAIGHT_JOIN on MySQL/MariaDB,
 * CROSS JOIN on SQLite (which never reorders around one). MariaDB otherwise picks the order
 * that skips a sort: over bench:routes' 100,000 annotations it walked all 10,000 associations
 * in key order, probing each one's observation and moment, to keep a video's 68 (16 ms against
 * 4 ms from the video's moments down).
 */
export function leftFirstJoin(on: EntityManager | Dialect): string {
  return isMysql(on) ? "STRAIGHT_JOIN" : "CROSS JOIN";
}
