import { forceIndex } from "../../../kit/sql/dialect-hints.js";
import type { Dialect, DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  type FastFilter,
  filterSql,
  type InstantRange,
  type NumberRange,
  whereClause,
} from "../../fast/repositories/fast-filter.sql.js";
import { warnHistogramCountsMissing } from "../histogram-counts-off.js";
import { HistogramCountTriggersRepository } from "./histogram-count-triggers.repository.js";
import { DAY_COUNTS_TABLE, DEPTH_COUNTS_TABLE } from "./histogram-counts.sql.js";

/** The covering index of ancillary data for the depth histogram (HistogramIndexes migration). */
const MOMENT_DEPTH_INDEX = "idx_ancillary_data__moment_depth";
const MICROS_PER_DAY = 86_400_000_000;

/**
 * A moment's time bin: the microseconds from the start (the first parameter) to its recorded
 * timestamp, divided by the bin width (the second), as a whole number; the timestamps are
 * narrowed to the bins' span, so the quotient is never negative.
 */
const TIME_BIN: Readonly<Record<Dialect, string>> = {
  mysql: "TIMESTAMPDIFF(MICROSECOND, ?, im.recorded_timestamp) DIV ?",
  // EXTRACT gives an exact numeric: the microseconds stay whole.
  postgres: `FLOOR(EXTRACT(EPOCH FROM im.recorded_timestamp - CAST(? AS TIMESTAMP(6))) * 1000000
    / CAST(? AS BIGINT))`,
  // better-sqlite3 binds numbers as REAL, so the quotient is truncated explicitly.
  sqlite: `CAST((CAST(strftime('%s', substr(im.recorded_timestamp, 1, 19)) AS INTEGER) * 1000000
    + CAST(substr(im.recorded_timestamp, 21, 6) AS INTEGER) - ?) / ? AS INTEGER)`,
};

/**
 * Annotations per bin index, counted by the database (GROUP BY), never by loading rows. When
 * the range is the only constraint and falls on whole metres or days, the kept counts per
 * metre and per day answer (histogram-counts.sql.ts); otherwise the bins' span narrows the
 * filter's own range, so the statement joins each table once and the range drives the index
 * (ancillary data by depth, moments by recorded time).
 *
 * The kept counts answer only where the database keeps them: every one of their triggers is
 * there (a MySQL user refused CREATE TRIGGER migrates without them). That is looked up once,
 * at the first histogram that could use them; a process started before the triggers were
 * made keeps joining until restarted.
 */
export class HistogramRepository {
  private countsKept: Promise<boolean> | undefined;

  constructor(
    private readonly storage: DomainStorage,
    private readonly triggers = new HistogramCountTriggersRepository(storage),
  ) {}

  /** Bin i holds depths in [i·size, (i+1)·size); depths outside [0, below) and moments without data are left out. */
  async depthCounts(filter: FastFilter, sizeMeters: number, below: number): Promise<Map<number, number>> {
    const depth = narrowedNumbers(filter.depth, 0, below);
    if (
      onlyConstraint(filter, "depth") &&
      Number.isInteger(depth.min) &&
      Number.isInteger(depth.max) &&
      (await this.keptCounts())
    ) {
      return this.counts(
        `SELECT ${this.quotient("depth_meter")} AS bin, SUM(annotations) AS n FROM ${DEPTH_COUNTS_TABLE}
          WHERE depth_meter >= ? AND depth_meter < ? GROUP BY bin`,
        [sizeMeters, depth.min, depth.max],
      );
    }
    // The moment itself is not read: only its ancillary data, joined by the observation's key,
    // through the covering (moment, depth) index (stale statistics made MariaDB read the rows).
    const dataIndexHint = forceIndex(this.storage.dialect, MOMENT_DEPTH_INDEX);
    const selected = filterSql({ ...filter, depth }, { withMoment: false, dataIndexHint });
    // SQLite truncates (the depths are narrowed to [0, below)); PostgreSQL's CAST would round.
    const bin =
      this.storage.dialect === "sqlite"
        ? "CAST(ad.depth_meters / ? AS INTEGER)"
        : "FLOOR(ad.depth_meters / ?)";
    return this.counts(
      `SELECT ${bin} AS bin, COUNT(*) AS n FROM ${selected.from}${whereClause(selected.where)} GROUP BY bin`,
      [sizeMeters, ...selected.params],
    );
  }

  /** Bin i holds recorded timestamps in [start + i·width, start + (i+1)·width), up to `count` bins. */
  async timeCounts(
    filter: FastFilter,
    start: Instant,
    widthMicros: number,
    count: number,
  ): Promise<Map<number, number>> {
    const end = start.plusMillis((widthMicros / 1000) * count);
    const recorded = narrowedInstants(filter.recorded, start, end);
    const days = wholeDays(recorded);
    if (
      onlyConstraint(filter, "recorded") &&
      days &&
      widthMicros % MICROS_PER_DAY === 0 &&
      (await this.keptCounts())
    ) {
      return this.counts(
        `SELECT ${this.quotient("recorded_day - ?")} AS bin, SUM(annotations) AS n FROM ${DAY_COUNTS_TABLE}
          WHERE recorded_day >= ? AND recorded_day < ? GROUP BY bin`,
        [days.first, widthMicros / MICROS_PER_DAY, days.first, days.end],
      );
    }
    const selected = filterSql({ ...filter, recorded });
    const bin = TIME_BIN[this.storage.dialect];
    const startParam = this.storage.dialect === "sqlite" ? start.epochMicros : start.toSql();
    return this.counts(
      `SELECT ${bin} AS bin, COUNT(*) AS n FROM ${selected.from}${whereClause(selected.where)} GROUP BY bin`,
      [startParam, widthMicros, ...selected.params],
    );
  }

  /** Whether the database keeps the counts, looked up once (a failed look-up is tried again next time). */
  private keptCounts(): Promise<boolean> {
    this.countsKept ??= this.triggers.missing().then(
      (missing) => {
        if (missing.length > 0) warnHistogramCountsMissing(missing);
        return missing.length === 0;
      },
      (error: unknown) => {
        this.countsKept = undefined;
        throw error;
      },
    );
    return this.countsKept;
  }

  /** `dividend DIV ?`: a non-negative whole number divided by the next parameter, as a whole number. */
  private quotient(dividend: string): string {
    if (this.storage.dialect === "mysql") return `(${dividend}) DIV ?`;
    // PostgreSQL would take the divisor for an integer (its dividend's type) and refuse a fraction.
    if (this.storage.dialect === "postgres") return `FLOOR((${dividend}) / CAST(? AS DOUBLE PRECISION))`;
    // better-sqlite3 binds numbers as REAL, so SQLite's quotient is truncated explicitly.
    return `CAST((${dividend}) / ? AS INTEGER)`;
  }

  private async counts(sql: string, params: unknown[]): Promise<Map<number, number>> {
    const rows = (await this.storage.read((manager) => manager.query(sql, params))) as Array<{
      bin: number | string;
      n: number | string;
    }>;
    return new Map(rows.map((row) => [Number(row.bin), Number(row.n)]));
  }
}

/** The part of `range` inside [min, max). */
function narrowedNumbers(range: NumberRange | undefined, min: number, max: number): NumberRange {
  return {
    min: range?.min === undefined ? min : Math.max(range.min, min),
    max: range?.max === undefined ? max : Math.min(range.max, max),
  };
}

/** The part of `range` inside [min, max). */
function narrowedInstants(range: InstantRange | undefined, min: Instant, max: Instant): InstantRange {
  const lower = range?.min && range.min.compare(min) > 0 ? range.min : min;
  // The range's own upper bound stays (with its inclusiveness) when it is below max.
  if (range?.max && range.max.compare(max) < 0) {
    return { min: lower, max: range.max, maxInclusive: range.maxInclusive };
  }
  return { min: lower, max };
}

/** Whether `key` is the filter's only constraint (lists empty, flags off, every other field absent). */
function onlyConstraint(filter: FastFilter, key: keyof FastFilter): boolean {
  return Object.entries(filter).every(
    ([field, value]) =>
      field === key || value === undefined || value === false || (Array.isArray(value) && value.length === 0),
  );
}

/** A range [min, max) from midnight to midnight (UTC) as day numbers since 1970-01-01, or undefined. */
function wholeDays(range: InstantRange): { first: number; end: number } | undefined {
  const { min, max } = range;
  if (!min || !max || range.maxInclusive) return undefined;
  if (min.epochMicros % MICROS_PER_DAY !== 0 || max.epochMicros % MICROS_PER_DAY !== 0) return undefined;
  return { first: min.epochMicros / MICROS_PER_DAY, end: max.epochMicros / MICROS_PER_DAY };
}
