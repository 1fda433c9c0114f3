import type { EntityManager } from "typeorm";
import type { Dialect } from "../storage/domain-storage.js";

/** The dialect of TypeORM's driver types, as the domain storage opens them. */
const DIALECT_OF_DRIVER: Readonly<Record<string, Dialect>> = {
  mysql: "mysql",
  postgres: "postgres",
  "better-sqlite3": "sqlite",
};

/** The dialect a statement is for: the manager's connection's, or the dialect named. */
export function dialectOf(on: EntityManager | Dialect): Dialect {
  if (typeof on === "string") return on;
  const dialect = DIALECT_OF_DRIVER[on.connection.options.type];
  if (dialect === undefined) throw new Error(`no SQL dialect for TypeORM's ${on.connection.options.type}`);
  return dialect;
}

/** Whether the statement is for MySQL/MariaDB (the manager's connection, or the dialect named). */
export function isMysql(on: EntityManager | Dialect): boolean {
  return dialectOf(on) === "mysql";
}

/**
 * ` FORCE INDEX (index)` on MySQL/MariaDB, nothing on SQLite or PostgreSQL (which has no hints). MariaDB estimates IN lists of
 * more than 200 values (eq_range_index_dive_limit) from statistics that can make it scan the
 * whole table instead of the index (seen on associations.observation_uuid: 110 ms vs 10 ms).
 */
export function forceIndex(on: EntityManager | Dialect, index: string): string {
  return isMysql(on) ? ` FORCE INDEX (${index})` : "";
}

/**
 * ` INDEXED BY index` on SQLite, nothing on MySQL/MariaDB or PostgreSQL. SQLite, which keeps no
 * statistics, prefers a unique index for an equality even when another index answers from its
 * own entries.
 */
export function indexedBy(on: EntityManager | Dialect, index: string): string {
  return dialectOf(on) === "sqlite" ? ` INDEXED BY ${index}` : "";
}

/**
 * A join that reads its left side first, with an ON clause: STRAIGHT_JOIN on MySQL/MariaDB,
 * CROSS JOIN on SQLite (which never reorders around one), a plain INNER JOIN on PostgreSQL
 * (which takes no ON after CROSS JOIN, and orders joins from its statistics). MariaDB otherwise picks the order
 * that skips a sort: over bench:routes' 100,000 annotations it walked all 10,000 associations
 * in key order, probing each one's observation and moment, to keep a video's 68 (16 ms against
 * 4 ms from the video's moments down).
 */
export function leftFirstJoin(on: EntityManager | Dialect): string {
  const joins: Record<Dialect, string> = {
    mysql: "STRAIGHT_JOIN",
    postgres: "INNER JOIN",
    sqlite: "CROSS JOIN",
  };
  return joins[dialectOf(on)];
}
