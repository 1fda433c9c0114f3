import type { CellBatch } from "../../../kit/storage/cell-batch.js";
import type { ColumnKind, ViewColumn } from "../view/annotations-view.js";
import { instantText, javaDoubleOfText } from "./java-text.js";
import type { TsvStyle } from "./tsv.encoder.js";
import type { TsvChunks } from "./tsv-chunks.js";

/**
 * The TSV line of a row the database sent as text (MySQL's rows, PostgreSQL's COPY), written
 * byte for byte from the cells: the same line the value encoder prints from the driver's
 * values, without a string per cell. Text, UUIDs and integers are copied; timestamps and doubles get Java's forms.
 */
export type CellLineWriter = (batch: CellBatch, row: number, out: TsvChunks) => void;

const COPY = 0;
const INSTANT = 1;
const DOUBLE = 2;

const TAB = 0x09;
const NEWLINE = 0x0a;
const DIGIT_ZERO = 0x30;
const DOT = 0x2e;
const MINUS = 0x2d;
const LETTER_T = 0x54;
const LETTER_Z = 0x5a;
/** A cell's text may grow by this much at most (a null's text, `.0`, an exponent's `E`, `Z`). */
const GROWTH_PER_CELL = 8;
/** Shorter cells are copied byte by byte: cheaper than a native copy's call. */
const SHORT_COPY = 32;

const KIND_CODES: Record<ColumnKind, number> = {
  uuid: COPY,
  text: COPY,
  integer: COPY,
  long: COPY,
  double: DOUBLE,
  instant: INSTANT,
};

/** Prints the first `columns.length` cells of each row (a batch may hold more: order keys). */
export function cellLineWriter(columns: readonly ViewColumn[], style: TsvStyle): CellLineWriter {
  const kinds = Uint8Array.from(columns, (column) => KIND_CODES[column.kind]);
  const count = kinds.length;
  const nullBytes = Buffer.from(style.nullText, "utf8");
  const nullLength = nullBytes.length;
  return (batch, row, out) => {
    const cells = batch.cells;
    const source = batch.sources[row] as Buffer;
    out.reserve((batch.lengths[row] as number) + count * GROWTH_PER_CELL + 1);
    const target = out.buffer;
    let at = out.at;
    let cell = row * batch.columns * 2;
    for (let column = 0; column < count; column++, cell += 2) {
      if (column > 0) target[at++] = TAB;
      const start = cells[cell] as number;
      if (start === -1) {
        for (let i = 0; i < nullLength; i++) target[at++] = nullBytes[i] as number;
        continue;
      }
      const end = cells[cell + 1] as number;
      const kind = kinds[column];
      if (kind === COPY) at = copy(source, start, end, target, at);
      else if (kind === INSTANT) at = writeInstant(source, start, end, target, at);
      else at = writeDouble(source, start, end, target, at);
    }
    target[at++] = NEWLINE;
    out.at = at;
  };
}

function copy(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  if (end - start > SHORT_COPY) return at + source.copy(target, at, start, end);
  for (let i = start; i < end; i++) target[at++] = source[i] as number;
  return at;
}

/** As instantText, on the bytes of `YYYY-MM-DD HH:MM:SS[.ffffff]`. */
function writeInstant(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  const length = end - start;
  if (length < 19 || length > 26)
    return writeText(instantText(source.toString("utf8", start, end)), target, at);
  for (let i = 0; i < 19; i++) target[at++] = source[start + i] as number;
  target[at - 9] = LETTER_T;
  // The fraction's six digits, padded with zeros as instantText pads them.
  const digits = start + 20;
  let milliZero = true;
  let microZero = true;
  for (let i = 0; i < 6 && digits + i < end; i++) {
    if (source[digits + i] === DIGIT_ZERO) continue;
    if (i < 3) milliZero = false;
    else microZero = false;
  }
  if (!(milliZero && microZero)) {
    target[at++] = DOT;
    const printed = microZero ? 3 : 6;
    for (let i = 0; i < printed; i++)
      target[at++] = digits + i < end ? (source[digits + i] as number) : DIGIT_ZERO;
  }
  target[at++] = LETTER_Z;
  return at;
}

/**
 * As javaDoubleOfText, on the bytes: plain decimal text in [10^-3, 10^7) (or zero) is copied,
 * with `.0` when it has no fraction; anything else goes through javaDoubleOfText.
 */
function writeDouble(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  let i = start;
  if (source[i] === MINUS) i++;
  const whole = i;
  while (i < end && isDigit(source[i] as number)) i++;
  const wholeDigits = i - whole;
  let plain = wholeDigits >= 1 && wholeDigits <= 7 && (wholeDigits === 1 || source[whole] !== DIGIT_ZERO);
  let fraction = false;
  if (plain && i < end) {
    fraction = source[i] === DOT;
    const fractionStart = ++i;
    while (i < end && isDigit(source[i] as number)) i++;
    plain = fraction && i > fractionStart && i === end;
    // Below a thousandth (0.000…) Java prints an exponent.
    if (plain && source[whole] === DIGIT_ZERO && end - fractionStart >= 3) {
      plain = !(
        source[fractionStart] === DIGIT_ZERO &&
        source[fractionStart + 1] === DIGIT_ZERO &&
        source[fractionStart + 2] === DIGIT_ZERO
      );
    }
  }
  if (!plain) return writeText(javaDoubleOfText(source.toString("utf8", start, end)), target, at);
  at = copy(source, start, end, target, at);
  if (!fraction) {
    target[at++] = DOT;
    target[at++] = DIGIT_ZERO;
  }
  return at;
}

function isDigit(byte: number): boolean {
  return byte >= DIGIT_ZERO && byte <= DIGIT_ZERO + 9;
}

function writeText(text: string, target: Buffer, at: number): number {
  return at + target.write(text, at, "utf8");
}
