import { createHash, type Hash } from "node:crypto";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveError,
  type ArchiveHeader,
  type ArchiveTrailer,
  type SectionEnd,
  type SectionStart,
} from "./archive-format.js";

export type ArchiveEvent =
  | { kind: "header"; header: ArchiveHeader }
  | { kind: "section"; start: SectionStart }
  /**
   * Rows, each as its line in the archive (without its newline): a JSON array of as many
   * strings, numbers and nulls as the section has columns, checked so.
   */
  | { kind: "rows"; lines: string[] }
  /** Given only once the section's row count and checksum matched its end line. */
  | { kind: "end"; end: SectionEnd }
  /** The last event: the archive was complete. */
  | { kind: "trailer"; trailer: ArchiveTrailer };

/** Rows handed over at a time. */
const BATCH_ROWS = 2000;
const NEWLINE = 0x0a;
const OPEN_BRACKET = 0x5b;

interface SectionState {
  start: SectionStart;
  rows: number;
  hash: Hash;
}

/**
 * Parses an archive's text (the gunzipped bytes, in chunks of any size), checking as it goes:
 * the header's format and version, each row's width and values, each section's row count and
 * SHA-256 against its end line, and the trailer's totals. Anything wrong, including a truncated
 * archive, throws an ArchiveError; a consumer that commits only after the trailer event
 * therefore never commits a damaged archive.
 */
export async function* parseArchiveText(text: AsyncIterable<Buffer>): AsyncGenerator<ArchiveEvent> {
  const parser = new ArchiveParser();
  let carry: Buffer | undefined;
  for await (const chunk of text) {
    const data = carry ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    for (let newline = data.indexOf(NEWLINE); newline !== -1; newline = data.indexOf(NEWLINE, start)) {
      yield* parser.line(data, start, newline);
      start = newline + 1;
    }
    parser.hashRows(data);
    carry = start < data.length ? data.subarray(start) : undefined;
  }
  if (carry) throw new ArchiveError("the archive is truncated: its last line is incomplete");
  yield* parser.finish();
}

class ArchiveParser {
  private header: ArchiveHeader | undefined;
  private section: SectionState | undefined;
  private trailer: ArchiveTrailer | undefined;
  private batch: string[] = [];
  /** The run of row lines in the current chunk not yet hashed: one hash update per run, not per row. */
  private unhashed: { from: number; to: number } | undefined;
  private sections = 0;
  private totalRows = 0;
  private lineNumber = 0;

  *line(data: Buffer, start: number, newline: number): Generator<ArchiveEvent> {
    this.lineNumber++;
    if (this.trailer) throw new ArchiveError(`line ${this.lineNumber} follows the trailer`);
    if (data[start] === OPEN_BRACKET) {
      yield* this.row(data, start, newline);
      return;
    }
    this.hashRows(data);
    const record = this.parse(data.toString("utf8", start, newline)) as Record<string, unknown>;
    if (!this.header) {
      this.header = checkHeader(record);
      yield { kind: "header", header: this.header };
    } else if (typeof record.section === "string") {
      if (this.section)
        throw this.error(`section ${record.section} starts inside ${this.section.start.section}`);
      const start = checkSectionStart(record, this.lineNumber);
      this.section = { start, rows: 0, hash: createHash("sha256") };
      yield { kind: "section", start };
    } else if (typeof record.end === "string") {
      yield* this.flush();
      yield { kind: "end", end: this.endSection(record) };
    } else if (record.trailer === ARCHIVE_FORMAT) {
      this.trailer = this.checkTrailer(record);
    } else {
      throw this.error("not an archive line");
    }
  }

  *finish(): Generator<ArchiveEvent> {
    if (!this.header) throw new ArchiveError("the archive is empty");
    if (!this.trailer) throw new ArchiveError("the archive is truncated: it has no trailer");
    yield { kind: "trailer", trailer: this.trailer };
  }

  /** Hashes the row lines of `data` read since the last call (at a line that is not a row, at a chunk's end). */
  hashRows(data: Buffer): void {
    if (!this.unhashed) return;
    this.section?.hash.update(data.subarray(this.unhashed.from, this.unhashed.to));
    this.unhashed = undefined;
  }

  private *row(data: Buffer, start: number, newline: number): Generator<ArchiveEvent> {
    const section = this.section;
    if (!section) throw this.error("a row outside a section");
    if (this.unhashed) this.unhashed.to = newline + 1;
    else this.unhashed = { from: start, to: newline + 1 };
    const line = data.toString("utf8", start, newline);
    const row = this.parse(line);
    if (!Array.isArray(row) || row.length !== section.start.columns.length) {
      throw this.error(`a ${section.start.section} row needs ${section.start.columns.length} values`);
    }
    if (!row.every(isCell)) throw this.error("a row value is not a string, a number or null");
    section.rows++;
    this.batch.push(line);
    if (this.batch.length >= BATCH_ROWS) yield* this.flush();
  }

  private *flush(): Generator<ArchiveEvent> {
    if (this.batch.length === 0) return;
    const lines = this.batch;
    this.batch = [];
    yield { kind: "rows", lines };
  }

  private endSection(record: Record<string, unknown>): SectionEnd {
    const section = this.section;
    if (!section || record.end !== section.start.section) throw this.error("an end line without its section");
    const name = section.start.section;
    if (record.rows !== section.rows) {
      throw new ArchiveError(
        `${name}: the archive holds ${section.rows} rows, its end line says ${record.rows}`,
      );
    }
    const sha256 = section.hash.digest("hex");
    if (record.sha256 !== sha256) throw new ArchiveError(`${name}: the rows do not match their SHA-256`);
    this.section = undefined;
    this.sections++;
    this.totalRows += section.rows;
    return { end: name, rows: section.rows, sha256 };
  }

  private checkTrailer(record: Record<string, unknown>): ArchiveTrailer {
    if (this.section) throw this.error(`the trailer comes inside section ${this.section.start.section}`);
    if (record.sections !== this.sections || record.rows !== this.totalRows) {
      throw new ArchiveError(
        `the trailer counts ${record.sections} sections and ${record.rows} rows; ` +
          `the archive holds ${this.sections} and ${this.totalRows}`,
      );
    }
    return { trailer: ARCHIVE_FORMAT, sections: this.sections, rows: this.totalRows };
  }

  private parse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw this.error("not JSON");
    }
  }

  private error(message: string): ArchiveError {
    return new ArchiveError(`archive line ${this.lineNumber}: ${message}`);
  }
}

function isCell(value: unknown): boolean {
  return value === null || typeof value === "string" || typeof value === "number";
}

function checkHeader(record: Record<string, unknown>): ArchiveHeader {
  if (record.format !== ARCHIVE_FORMAT)
    throw new ArchiveError("not an m3 backup archive (no m3-backup header)");
  if (record.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      `archive format ${String(record.formatVersion)} (written by m3 ${String(record.m3Version)}) is not ` +
        `the format ${ARCHIVE_FORMAT_VERSION} this m3 reads`,
    );
  }
  const sources = record.sources;
  if (typeof sources !== "object" || sources === null) throw new ArchiveError("the header names no sources");
  return record as unknown as ArchiveHeader;
}

function checkSectionStart(record: Record<string, unknown>, lineNumber: number): SectionStart {
  const { section, schemaVersion, columns } = record;
  const valid =
    typeof section === "string" &&
    section.includes(".") &&
    typeof schemaVersion === "string" &&
    Array.isArray(columns) &&
    columns.every((column) => typeof column === "string");
  if (!valid) throw new ArchiveError(`archive line ${lineNumber}: a malformed section line`);
  return { section, schemaVersion, columns } as SectionStart;
}
