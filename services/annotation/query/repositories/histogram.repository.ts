import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";
import { type FastFilter, filterSql } from "../../fast/repositories/fast-filter.sql.js";

/** Annotations per bin index, counted by the database (GROUP BY), never by loading rows. */
export class HistogramRepository {
  constructor(private readonly storage: DomainStorage) {}

  /** Bin i holds depths in [i·size, (i+1)·size); depths outside [0, below) and moments without data are left out. */
  depthCounts(filter: FastFilter, sizeMeters: number, below: number): Promise<Map<number, number>> {
    const selected = filterSql(filter);
    const bin =
      this.storage.dialect === "mysql"
        ? "FLOOR(hd.depth_meters / ?)"
        : "CAST(hd.depth_meters / ? AS INTEGER)";
    const where = [...selected.where, "hd.depth_meters >= 0", "hd.depth_meters < ?"];
    return this.counts(
      `SELECT ${bin} AS bin, COUNT(*) AS n FROM ${selected.from}
        JOIN ancillary_data hd ON hd.imaged_moment_uuid = im.uuid
        WHERE ${where.join(" AND ")} GROUP BY bin`,
      [sizeMeters, ...selected.params, below],
    );
  }

  /** Bin i holds recorded timestamps in [start + i·width, start + (i+1)·width), up to `count` bins. */
  timeCounts(
    filter: FastFilter,
    start: Instant,
    widthMicros: number,
    count: number,
  ): Promise<Map<number, number>> {
    const selected = filterSql(filter);
    const end = start.plusMillis((widthMicros / 1000) * count);
    const bin =
      this.storage.dialect === "mysql"
        ? "TIMESTAMPDIFF(MICROSECOND, ?, im.recorded_timestamp) DIV ?"
        : // better-sqlite3 binds numbers as REAL, so the quotient is truncated explicitly.
          `CAST((CAST(strftime('%s', substr(im.recorded_timestamp, 1, 19)) AS INTEGER) * 1000000
            + CAST(substr(im.recorded_timestamp, 21, 6) AS INTEGER) - ?) / ? AS INTEGER)`;
    const startParam = this.storage.dialect === "mysql" ? start.toSql() : start.epochMicros;
    const where = [...selected.where, "im.recorded_timestamp >= ?", "im.recorded_timestamp < ?"];
    return this.counts(
      `SELECT ${bin} AS bin, COUNT(*) AS n FROM ${selected.from} WHERE ${where.join(" AND ")} GROUP BY bin`,
      [startParam, widthMicros, ...selected.params, start.toSql(), end.toSql()],
    );
  }

  private async counts(sql: string, params: unknown[]): Promise<Map<number, number>> {
    const rows = (await this.storage.read((manager) => manager.query(sql, params))) as Array<{
      bin: number | string;
      n: number | string;
    }>;
    return new Map(rows.map((row) => [Number(row.bin), Number(row.n)]));
  }
}
