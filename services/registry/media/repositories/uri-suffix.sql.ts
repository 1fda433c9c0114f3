import { LIKE_ESCAPE, likeLiteral } from "../../../kit/sql/like.js";
import type { Dialect } from "../../../kit/storage/domain-storage.js";

/** The characters of a reversed URI that PostgreSQL's index holds (UriSuffixIndexPostgres). */
const POSTGRES_REVERSED_PREFIX = 255;

/**
 * A WHERE condition (on `video_references vr`) holding every reference whose URI ends with the
 * file name, and its value; the caller keeps those that really do (see listByFilename). On MySQL
 * and PostgreSQL the reversed URI's index finds the suffix as a prefix (UriSuffixIndex
 * migrations); SQLite, without REVERSE, reads them all.
 */
export function uriSuffixCondition(dialect: Dialect, filename: string): { sql: string; params: string[] } {
  if (dialect === "mysql") {
    return { sql: `vr.uri_reversed LIKE ? ${LIKE_ESCAPE}`, params: [`${likeLiteral(reversed(filename))}%`] };
  }
  if (dialect === "postgres") {
    // The index's own expression, which the planner only matches written the same way.
    const start = [...reversed(filename)].slice(0, POSTGRES_REVERSED_PREFIX).join("");
    return {
      sql: `left(reverse(vr.uri), ${POSTGRES_REVERSED_PREFIX}) LIKE ? ${LIKE_ESCAPE}`,
      params: [`${likeLiteral(start)}%`],
    };
  }
  return { sql: `vr.uri LIKE ? ${LIKE_ESCAPE}`, params: [`%${likeLiteral(filename)}`] };
}

/** The text's characters (code points, as MySQL's and PostgreSQL's REVERSE take them) in reverse order. */
function reversed(text: string): string {
  return [...text].reverse().join("");
}
