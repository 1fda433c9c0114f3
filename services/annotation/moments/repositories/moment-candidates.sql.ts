import type { EntityManager } from "typeorm";
import { groupBy } from "../../../kit/collections/group-by.js";
import { forceIndex } from "../../../kit/sql/dialect-hints.js";
import { placeholders } from "../../../kit/sql/placeholders.js";
import type { SqlStatement } from "../../../kit/sql/statement.js";
import { byText } from "../../../kit/sql/text-order.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { MOMENT_COLUMNS, momentOfRow, type Row } from "../../shared/row-mappers.js";

/** Values per IN list: MariaDB turns lists of 1,000 or more into a subquery, which loses the index. */
const VALUES_PER_LIST = 999;

/** Each index column with the (video, column) index that finds its values within one video. */
const INDEX_COLUMNS = [
  {
    column: "timecode",
    index: "idx_imaged_moments__video_timecode",
    of: (key: MomentIndexKey) => key.timecode,
  },
  {
    column: "elapsed_time_millis",
    index: "idx_imaged_moments__video_elapsed_time",
    of: (key: MomentIndexKey) => key.elapsedTimeMillis,
  },
  {
    column: "recorded_timestamp",
    index: "idx_imaged_moments__video_recorded_timestamp",
    of: (key: MomentIndexKey) => key.recordedTimestamp?.toSql(),
  },
] as const;

/** Bound values per statement: under SQLite's limit of 32,766. */
const VALUES_PER_STATEMENT = 30_000;
/** SELECTs per UNION: SQLite allows 500 in one compound statement. */
const BRANCHES_PER_STATEMENT = 100;

/** One SELECT of a UNION ALL, or a UNION ALL of several once packed. */
type Branch = SqlStatement;

/**
 * The moments of the keys' videos that share an index value with a key. Each (video, index
 * column) pair becomes a branch that reads through the (video, column) index; the branches
 * go to the database as few UNION ALL statements (one for a batch of a single video). One OR
 * over the three columns made MySQL scan every moment of the table, which grew the cost of
 * each bulk write with the size of the whole table; MariaDB also reads a video's moments by
 * the video prefix alone unless told to use the composite index.
 */
export async function findMomentCandidates(
  manager: EntityManager,
  keys: readonly MomentIndexKey[],
): Promise<ImagedMomentEntity[]> {
  const found = new Map<string, ImagedMomentEntity>();
  for (const statement of packed(branchesOf(keys, manager))) {
    for (const row of (await manager.query(statement.sql, statement.params)) as Row[]) {
      const moment = momentOfRow(row);
      found.set(moment.uuid, moment);
    }
  }
  return [...found.values()].sort(byText((moment) => moment.uuid));
}

function* branchesOf(keys: readonly MomentIndexKey[], manager: EntityManager): Generator<Branch> {
  for (const [video, videoKeys] of groupBy(keys, (key) => key.videoReferenceUuid)) {
    for (const { column, index, of } of INDEX_COLUMNS) {
      const values = [...new Set(videoKeys.flatMap((key) => of(key) ?? []))];
      for (let start = 0; start < values.length; start += VALUES_PER_LIST) {
        const list = values.slice(start, start + VALUES_PER_LIST);
        yield {
          sql: `SELECT ${MOMENT_COLUMNS.join(", ")} FROM imaged_moments${forceIndex(manager, index)}
                WHERE video_reference_uuid = ? AND ${column} IN (${placeholders(list.length)})`,
          params: [video, ...list],
        };
      }
    }
  }
}

function* packed(branches: Iterable<Branch>): Generator<Branch> {
  let sql: string[] = [];
  let params: unknown[] = [];
  for (const branch of branches) {
    const full =
      sql.length === BRANCHES_PER_STATEMENT || params.length + branch.params.length > VALUES_PER_STATEMENT;
    if (sql.length > 0 && full) {
      yield { sql: sql.join(" UNION ALL "), params };
      sql = [];
      params = [];
    }
    sql.push(branch.sql);
    params.push(...branch.params);
  }
  if (sql.length > 0) yield { sql: sql.join(" UNION ALL "), params };
}
