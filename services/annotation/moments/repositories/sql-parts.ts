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

/** Whether the statement is for MySQL/MariaDB (the manager's connection, or the dialect named). */
function isMysql(on: EntityManager | Dialect): boolean {
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

/**
 * `FROM … WHERE` of a video's images on their moments (aliases `ir` and `im`, one parameter: the
 * video). MariaDB takes the video's moment keys from its (video_reference_uuid, uuid) index,
 * probes the images' index with each, and reads in full only the moments that have an image: it
 * otherwise read all 5,000 images of bench:routes and each one's moment to keep the video's 100
 * (12 ms), or all 2,000 of the video's moment rows (4 ms), against 2.6 ms. SQLite walks the
 * video's moments through its index, as before.
 */
export function videoImagesFrom(on: EntityManager | Dialect): string {
  if (!isMysql(on))
    return "imaged_moments im JOIN image_references ir ON ir.imaged_moment_uuid = im.uuid WHERE im.video_reference_uuid = ?";
  return `imaged_moments k FORCE INDEX (idx_imaged_moment__video_reference_uuid)
    STRAIGHT_JOIN image_references ir ON ir.imaged_moment_uuid = k.uuid
    STRAIGHT_JOIN imaged_moments im ON im.uuid = k.uuid
    WHERE k.video_reference_uuid = ?`;
}
