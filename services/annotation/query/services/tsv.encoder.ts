import type { ColumnKind, ViewColumn } from "../view/annotations-view.js";

/** How the legacy service printed a result: /run and /download differ in nulls and in empty results. */
export interface TsvStyle {
  /** The text of a null value. */
  nullText: string;
  /** Whether a result without rows still prints its header (else it is a lone newline). */
  headerWhenEmpty: boolean;
}

export const RUN_STYLE: TsvStyle = { nullText: "null", headerWhenEmpty: false };
export const DOWNLOAD_STYLE: TsvStyle = { nullText: "", headerWhenEmpty: true };

/** Bytes per chunk: large enough that per-chunk costs vanish, small enough to keep memory flat. */
const CHUNK_CHARS = 64 * 1024;

type Format = (value: unknown) => string;

/**
 * Encodes rows as the legacy TSV: a header of column names, one line per row, `\n` after
 * every line, values in Java's `toString` forms, tabs and newlines inside values left as they
 * are. Rows come in batches of value arrays in the columns' order (one await per batch);
 * yields chunks of about 64 KiB as the rows arrive.
 */
export async function* encodeTsv(
  columns: readonly ViewColumn[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  style: TsvStyle,
): AsyncGenerator<Buffer> {
  const line = lineEncoder(columns, style);
  // Lines gather in a list joined once per chunk: no chain of concatenations to flatten.
  let lines = [`${columns.map((column) => column.name).join("\t")}\n`];
  let pendingChars = 0;
  let empty = true;
  for await (const batch of batches) {
    for (const values of batch) {
      const text = line(values);
      lines.push(text);
      pendingChars += text.length;
      if (pendingChars >= CHUNK_CHARS) {
        yield Buffer.from(lines.join(""));
        lines = [];
        pendingChars = 0;
      }
    }
    if (batch.length > 0) empty = false;
  }
  if (empty && !style.headerWhenEmpty) lines = ["\n"];
  yield Buffer.from(lines.join(""));
}

/** One row's line (with its `\n`): a cell encoder per column, composed once per query. */
function lineEncoder(
  columns: readonly ViewColumn[],
  style: TsvStyle,
): (values: readonly unknown[]) => string {
  const cells = columns.map((column, index) =>
    cellEncoder(remembered(FORMATS[column.kind]), index, style.nullText),
  );
  const count = cells.length;
  // One list of cell texts, reused for every row and joined into a flat line.
  const texts: string[] = new Array(count).fill("");
  return (values) => {
    for (let index = 0; index < count; index++) texts[index] = (cells[index] as CellEncoder)(values);
    return `${texts.join("\t")}\n`;
  };
}

type CellEncoder = (values: readonly unknown[]) => string;

/**
 * The format, remembering its last value's text: a moment's values repeat on each of its
 * rows (one per observation, image and association), and a dive's measures change slowly,
 * so the costly double printing is often skipped.
 */
function remembered(format: Format): Format {
  let last: unknown;
  let lastText = "";
  return (value) => {
    if (value !== last) {
      lastText = format(value);
      last = value;
    }
    return lastText;
  };
}

function cellEncoder(format: Format, index: number, nullText: string): CellEncoder {
  return (values) => {
    const value = values[index];
    return value === null || value === undefined ? nullText : format(value);
  };
}

const FORMATS: Record<ColumnKind, Format> = {
  uuid: String,
  text: String,
  integer: String,
  long: String,
  double: (value) => (typeof value === "string" ? javaDoubleOfText(value) : javaDouble(Number(value))),
  instant: (value) => instantText(String(value)),
};

/**
 * A double as Java's Double.toString prints it: always a fraction (`25.0`), and scientific
 * notation (`1.0E-4`, `1.0E7`) outside [10^-3, 10^7).
 */
export function javaDouble(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes(".") ? text : `${text}.0`;
  }
  const [mantissa = "", exponent = ""] = value.toExponential().split("e");
  return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${exponent.replace("+", "")}`;
}

/** Plain decimal text in [10^-3, 10^7) (or zero), which Java prints as is (with a fraction). */
const PLAIN_DOUBLE = /^-?(?:[1-9][0-9]{0,6}|0)(?:\.[0-9]+)?$/;
const BELOW_A_THOUSANDTH = /^-?0\.000/;

/**
 * A double the database printed as text (MySQL's shortest digits, those JavaScript prints)
 * in Java's form: plain text in Java's plain range only gains its `.0`; anything else (powers
 * of ten, tiny or huge values) goes through javaDouble. Printing doubles was a fifth of a
 * download's time; the text costs the database nothing, as its protocol is text anyway.
 */
export function javaDoubleOfText(text: string): string {
  if (!PLAIN_DOUBLE.test(text) || BELOW_A_THOUSANDTH.test(text)) return javaDouble(Number(text));
  return text.includes(".") ? text : `${text}.0`;
}

/**
 * The database form `YYYY-MM-DD HH:MM:SS[.ffffff]` as Java's Instant prints it: `T`, `Z`,
 * the fraction only when non-zero, in groups of three digits. String work only: this runs
 * once per timestamp of every row.
 */
export function instantText(sql: string): string {
  const fraction = sql.length > 20 ? sql.slice(20, 26).padEnd(6, "0") : "000000";
  const base = `${sql.slice(0, 10)}T${sql.slice(11, 19)}`;
  if (fraction === "000000") return `${base}Z`;
  return fraction.endsWith("000") ? `${base}.${fraction.slice(0, 3)}Z` : `${base}.${fraction}Z`;
}
