/**
 * An instant on the UTC time line with microsecond precision, the precision of the
 * database (DATETIME(6)). JavaScript's Date keeps only milliseconds, so timestamps
 * travel as Instants from the wire to the database and back.
 */
import { parseSqlDateTime } from "./sql-datetime.js";

const MICROS_PER_SECOND = 1_000_000;
const SQL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;
const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?$/i;
const COMPACT_PATTERN =
  /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{3}|\d{6}))?(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})$/i;
/** DATETIME(6) range of MySQL; also keeps epoch micros exact in a double. */
const MIN_EPOCH_SECONDS = Date.UTC(1000, 0, 1) / 1000;
const MAX_EPOCH_SECONDS = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

export class Instant {
  private constructor(
    /** Whole seconds since 1970-01-01T00:00:00Z (may be negative). */
    readonly epochSeconds: number,
    /** Microseconds within the second, 0..999999. */
    readonly microsOfSecond: number,
  ) {}

  static ofEpochMicros(epochMicros: number): Instant {
    const seconds = Math.floor(epochMicros / MICROS_PER_SECOND);
    return Instant.of(seconds, epochMicros - seconds * MICROS_PER_SECOND);
  }

  static ofEpochMillis(epochMillis: number): Instant {
    return Instant.ofEpochMicros(Math.round(epochMillis) * 1000);
  }

  /** Builds an instant, rejecting values outside years 1000..9999. */
  static of(epochSeconds: number, microsOfSecond: number): Instant {
    if (!Number.isInteger(epochSeconds) || !Number.isInteger(microsOfSecond)) {
      throw new RangeError("instant parts must be integers");
    }
    if (microsOfSecond < 0 || microsOfSecond >= MICROS_PER_SECOND) {
      throw new RangeError("microseconds out of range");
    }
    if (epochSeconds < MIN_EPOCH_SECONDS || epochSeconds > MAX_EPOCH_SECONDS) {
      throw new RangeError("instant outside years 1000..9999");
    }
    return new Instant(epochSeconds, microsOfSecond);
  }

  /** Now, with the sub-millisecond part taken from the monotonic clock. */
  static now(): Instant {
    const micros = Math.floor((performance.timeOrigin + performance.now()) * 1000);
    return Instant.ofEpochMicros(micros);
  }

  /** From a protobuf Timestamp; nanoseconds beyond the microsecond are dropped. */
  static fromTimestamp(timestamp: { seconds: number; nanos: number }): Instant {
    return Instant.of(timestamp.seconds, Math.floor(timestamp.nanos / 1000));
  }

  /**
   * Parses the timestamp forms the legacy services accepted, all in UTC unless an offset
   * is given: ISO-8601 (`2016-07-11T01:23:45Z`, offsets, 0-9 fraction digits, no zone = UTC)
   * and the compact forms `yyyyMMddTHHmmssZ`, `…ss.SSSZ`, `…ss.SSSSSSZ`.
   * Returns undefined when the text is none of these.
   */
  static parse(text: string): Instant | undefined {
    const value = text.trim();
    const match = ISO_PATTERN.exec(value) ?? COMPACT_PATTERN.exec(value);
    if (!match) return undefined;
    const [, year, month, day, hour, minute, second = "00", fraction = "", zone = "Z"] = match;
    return Instant.fromParts(
      [year, month, day, hour, minute, second].map(Number) as SixNumbers,
      fraction,
      offsetMinutes(zone),
    );
  }

  /** Parses the database form `YYYY-MM-DD HH:MM:SS[.ffffff]` (UTC). */
  static fromSql(text: string): Instant {
    const parts = parseSqlDateTime(text);
    if (parts) return Instant.of(parts.epochSeconds, parts.micros);
    const match = SQL_PATTERN.exec(text.trim());
    if (!match) throw new RangeError(`not a SQL datetime: ${text}`);
    const [, year, month, day, hour, minute, second, fraction = ""] = match;
    const instant = Instant.fromParts(
      [year, month, day, hour, minute, second].map(Number) as SixNumbers,
      fraction,
      0,
    );
    if (!instant) throw new RangeError(`not a SQL datetime: ${text}`);
    return instant;
  }

  private static fromParts(
    parts: SixNumbers,
    fraction: string,
    offset: number | undefined,
  ): Instant | undefined {
    const [year, month, day, hour, minute, second] = parts;
    if (offset === undefined || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) {
      return undefined;
    }
    const millis = Date.UTC(year, month - 1, day, hour, minute, second);
    // Date.UTC rolls over invalid days (Feb 30); reject those instead.
    if (new Date(millis).getUTCDate() !== day) return undefined;
    const micros = Number(fraction.padEnd(6, "0").slice(0, 6));
    try {
      return Instant.of(millis / 1000 - offset * 60, micros);
    } catch {
      return undefined;
    }
  }

  get epochMicros(): number {
    return this.epochSeconds * MICROS_PER_SECOND + this.microsOfSecond;
  }

  get epochMillis(): number {
    return Math.floor(this.epochMicros / 1000);
  }

  plusMillis(millis: number): Instant {
    return Instant.ofEpochMicros(this.epochMicros + millis * 1000);
  }

  compare(other: Instant): number {
    return this.epochMicros - other.epochMicros;
  }

  equals(other: Instant | undefined): boolean {
    return other !== undefined && this.compare(other) === 0;
  }

  toTimestamp(): { seconds: number; nanos: number } {
    return { seconds: this.epochSeconds, nanos: this.microsOfSecond * 1000 };
  }

  /** ISO-8601 with Z; the fraction only when non-zero, in groups of 3 digits (as Java's Instant prints). */
  toString(): string {
    return `${this.dateTimeText("T")}${fractionText(this.microsOfSecond)}Z`;
  }

  toJSON(): string {
    return this.toString();
  }

  /** The database form, always with 6 fraction digits so text comparison orders correctly. */
  toSql(): string {
    return `${this.dateTimeText(" ")}.${String(this.microsOfSecond).padStart(6, "0")}`;
  }

  private dateTimeText(separator: string): string {
    return `${dateText(Math.floor(this.epochSeconds / 86_400))}${separator}${timeText(this.epochSeconds)}`;
  }
}

/**
 * `YYYY-MM-DD` of a day count since 1970-01-01, by arithmetic (H. Hinnant's civil_from_days):
 * timestamps are printed by the thousand in bulk replies, and a Date per value shows in profiles.
 */
function dateText(days: number): string {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(day)}`;
}

function timeText(epochSeconds: number): string {
  const secondOfDay = epochSeconds - Math.floor(epochSeconds / 86_400) * 86_400;
  const hours = Math.floor(secondOfDay / 3600);
  const minutes = Math.floor((secondOfDay % 3600) / 60);
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(secondOfDay % 60)}`;
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

type SixNumbers = [number, number, number, number, number, number];

function fractionText(micros: number): string {
  if (micros === 0) return "";
  if (micros % 1000 === 0) return `.${String(micros / 1000).padStart(3, "0")}`;
  return `.${String(micros).padStart(6, "0")}`;
}

function offsetMinutes(zone: string): number | undefined {
  if (zone.toUpperCase() === "Z") return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const [, sign, hours, minutes = "0"] = match;
  if (Number(hours) > 18 || Number(minutes) > 59) return undefined;
  const total = Number(hours) * 60 + Number(minutes);
  return sign === "-" ? -total : total;
}
