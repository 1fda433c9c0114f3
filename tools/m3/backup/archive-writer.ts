import { createHash, type Hash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";
import {
  ARCHIVE_FORMAT,
  type ArchiveHeader,
  type ArchiveValue,
  type SectionEnd,
  type SectionStart,
} from "./archive-format.js";

interface OpenSection {
  name: string;
  rows: number;
  hash: Hash;
}

/** Per-section totals, as the archive's end lines state them. */
export type WrittenSection = SectionEnd;

/**
 * Writes the archive's lines to a byte stream (the gzip stream in front of a file or an S3
 * upload), one batch of rows per write, waiting for the stream to drain so memory stays flat.
 */
export class ArchiveWriter {
  private current: OpenSection | undefined;
  private readonly sections: WrittenSection[] = [];
  private totalRows = 0;

  constructor(private readonly out: Writable) {}

  async header(header: ArchiveHeader): Promise<void> {
    await this.write(`${JSON.stringify(header)}\n`);
  }

  async beginSection(start: SectionStart): Promise<void> {
    if (this.current) throw new Error(`section ${this.current.name} is still open`);
    this.current = { name: start.section, rows: 0, hash: createHash("sha256") };
    await this.write(`${JSON.stringify(start)}\n`);
  }

  /** Rows as the drivers return them; bigints become numbers, or decimal strings beyond 2^53. */
  async rows(rows: readonly unknown[][]): Promise<void> {
    const section = this.current;
    if (!section) throw new Error("rows outside a section");
    if (rows.length === 0) return;
    let text = "";
    for (const row of rows) text += `${JSON.stringify(row.map(archiveValue))}\n`;
    section.hash.update(text);
    section.rows += rows.length;
    await this.write(text);
  }

  async endSection(): Promise<WrittenSection> {
    const section = this.current;
    if (!section) throw new Error("no section to end");
    this.current = undefined;
    const end: SectionEnd = { end: section.name, rows: section.rows, sha256: section.hash.digest("hex") };
    this.sections.push(end);
    this.totalRows += section.rows;
    await this.write(`${JSON.stringify(end)}\n`);
    return end;
  }

  /** Writes the trailer and ends the stream; returns what the archive holds. */
  async finish(): Promise<WrittenSection[]> {
    if (this.current) throw new Error(`section ${this.current.name} is still open`);
    const trailer = { trailer: ARCHIVE_FORMAT, sections: this.sections.length, rows: this.totalRows };
    await this.write(`${JSON.stringify(trailer)}\n`);
    this.out.end();
    return this.sections;
  }

  private async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, "drain");
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

function archiveValue(value: unknown): ArchiveValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "bigint")
    return value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : String(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  throw new Error(`a ${typeof value} value cannot be archived`);
}
