import type { EntityManager } from "typeorm";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import { MOMENT_COLUMNS, momentOfRow, type Row } from "../../shared/row-mappers.js";

/** Values per IN list: MariaDB turns lists of 1,000 or more into a subquery, which loses the index. */
const VALUES_PER_LIST = 500;

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

/**
 * The moments of the keys' videos that share an index value with a key: per video, one
 * statement whose branches look up each index column through its (video, column) index.
 * One OR over the three columns made MySQL scan every moment of the table, which grew the
 * cost of each bulk write with the size of the whole table; MariaDB also reads a video's
 * moments by the video prefix alone unless told to use the composite index.
 */
export async function findMomentCandidates(
  manager: EntityManager,
  keys: readonly MomentIndexKey[],
): Promise<ImagedMomentEntity[]> {
  const hint = manager.connection.options.type === "mysql";
  const found = new Map<string, ImagedMomentEntity>();
  for (const [video, videoKeys] of keysByVideo(keys)) {
    for (const { sql, params } of candidateStatements(video, videoKeys, hint)) {
      for (const row of (await manager.query(sql, params)) as Row[]) {
        const moment = momentOfRow(row);
        found.set(moment.uuid, moment);
      }
    }
  }
  return [...found.values()].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
}

function keysByVideo(keys: readonly MomentIndexKey[]): Map<string, MomentIndexKey[]> {
  const byVideo = new Map<string, MomentIndexKey[]>();
  for (const key of keys) {
    const list = byVideo.get(key.videoReferenceUuid);
    if (list) list.push(key);
    else byVideo.set(key.videoReferenceUuid, [key]);
  }
  return byVideo;
}

function* candidateStatements(
  video: string,
  keys: readonly MomentIndexKey[],
  hint: boolean,
): Generator<{ sql: string; params: unknown[] }> {
  for (let start = 0; start < keys.length; start += VALUES_PER_LIST) {
    const chunk = keys.slice(start, start + VALUES_PER_LIST);
    const branches: string[] = [];
    const params: unknown[] = [];
    for (const { column, index, of } of INDEX_COLUMNS) {
      const values = [...new Set(chunk.flatMap((key) => of(key) ?? []))];
      if (values.length === 0) continue;
      branches.push(
        `SELECT ${MOMENT_COLUMNS.join(", ")} FROM imaged_moments${hint ? ` FORCE INDEX (${index})` : ""}
         WHERE video_reference_uuid = ? AND ${column} IN (${values.map(() => "?").join(", ")})`,
      );
      params.push(video, ...values);
    }
    if (branches.length > 0) yield { sql: branches.join(" UNION ALL "), params };
  }
}
