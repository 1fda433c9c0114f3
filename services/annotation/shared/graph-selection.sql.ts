import { type Page, pageClause } from "../../kit/sql/page.js";
import { placeholders } from "../../kit/sql/placeholders.js";
import type { SqlStatement } from "../../kit/sql/statement.js";

/**
 * Which part of the annotation graph a read loads, as two conditions: `rows` over the
 * imaged moment `im` and the observation `o` (left-joined, so a moment without observations
 * has one row with a null `o`), and `moments` over `im` alone, for the images of the same
 * moments. Values are always bound; the SQL is built from constants only.
 */
export interface GraphSelection {
  /** A condition over `im` and `o`, or a page of observations (`uuid`, `imaged_moment_uuid`) that drives the read. */
  rows: SqlStatement | { page: SqlStatement };
  moments: SqlStatement;
}

function same(sql: string, params: unknown[]): GraphSelection {
  return { rows: { sql, params }, moments: { sql, params } };
}

/** Every moment of the video, with all its observations. */
export function videoSelection(videoReferenceUuid: string): GraphSelection {
  return same("im.video_reference_uuid = ?", [videoReferenceUuid]);
}

/** The moments (at most a few hundred: the caller pages), with all their observations. */
export function momentsSelection(momentUuids: readonly string[]): GraphSelection {
  return same(`im.uuid IN (${placeholders(momentUuids.length)})`, [...momentUuids]);
}

/** The moment holding the image, with all its observations. */
export function imageMomentSelection(imageReferenceUuid: string): GraphSelection {
  return same("im.uuid = (SELECT ir1.imaged_moment_uuid FROM image_references ir1 WHERE ir1.uuid = ?)", [
    imageReferenceUuid,
  ]);
}

const MOMENT_OF_OBSERVATION =
  "im.uuid = (SELECT o1.imaged_moment_uuid FROM observations o1 WHERE o1.uuid = ?)";

/** The moment holding the observation, with all its observations. */
export function observationMomentSelection(observationUuid: string): GraphSelection {
  return same(MOMENT_OF_OBSERVATION, [observationUuid]);
}

/** One observation (on its moment). */
export function observationSelection(observationUuid: string): GraphSelection {
  return {
    rows: { sql: "o.uuid = ?", params: [observationUuid] },
    moments: { sql: MOMENT_OF_OBSERVATION, params: [observationUuid] },
  };
}

/** The observation owning the association (on its moment). */
export function associationSelection(associationUuid: string): GraphSelection {
  return {
    rows: {
      sql: "o.uuid = (SELECT a1.observation_uuid FROM associations a1 WHERE a1.uuid = ?)",
      params: [associationUuid],
    },
    moments: {
      sql: `im.uuid = (SELECT o1.imaged_moment_uuid FROM associations a1
        JOIN observations o1 ON o1.uuid = a1.observation_uuid WHERE a1.uuid = ?)`,
      params: [associationUuid],
    },
  };
}

/**
 * A page of the video's observations in UUID order. The read is driven from the page, a
 * derived table computed once (MariaDB takes no LIMIT directly in an IN subquery): as two IN
 * lists over the moments and the observations (SQLite does not drive a LEFT JOIN from a list
 * on its right-hand table), each list ran the page's join and sort again, and the images' read
 * a third time (14 + 7 ms on 100,000 moments, against 4 ms read once).
 */
export function videoPageSelection(videoReferenceUuid: string, page: Page): GraphSelection {
  const limit = pageClause(page);
  const pageSql = `SELECT o1.uuid, o1.imaged_moment_uuid FROM observations o1
    JOIN imaged_moments im1 ON im1.uuid = o1.imaged_moment_uuid
    WHERE im1.video_reference_uuid = ? ORDER BY o1.uuid${limit.sql}`;
  const params = [videoReferenceUuid, ...limit.params];
  return {
    rows: { page: { sql: pageSql, params } },
    moments: { sql: `im.uuid IN (SELECT p.imaged_moment_uuid FROM (${pageSql}) p)`, params },
  };
}
