import { CellBatch } from "../../../kit/storage/cell-batch.js";
import type { ColumnKind, ViewColumn } from "../view/annotations-view.js";
import { instantText, javaDouble, javaDoubleOfText } from "./java-text.js";
import { cellLineWriter } from "./tsv-cells.js";
import { TsvChunks } from "./tsv-chunks.js";

/** How the legacy service printed a result: /run and /download differ in nulls and in empty results. */
export interface TsvStyle {
  /** The text of a null value. */
  nullText: string;
  /** Whether a result without rows still prints its header (else it is a lone newline). */
  headerWhenEmpty: boolean;
}

export const RUN_STYLE: TsvStyle = { nullText: "null", headerWhenEmpty: false };
export const DOWNLOAD_STYLE: TsvStyle = { nullText: "", headerWhenEmpty: true };

/** Rows in the columns' order: value arrays (SQLite), or the text MySQL sent (CellBatch). */
export type TsvRows = readonly (readonly unknown[])[] | CellBatch;

type Format = (value: unknown) => string;

/** Characters of value lines gathered before they are written as a chunk. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Encodes rows as the legacy TSV: a header of column names, one line per row, `\n` after
 * every line, values in Java's `toString` forms, tabs and newlines inside values left as they
 * are. Rows come in batches (one await per batch), each either value arrays in the columns'
 * order or a CellBatch, printed byte for byte (tsv-cells.ts); yields chunks of about 64 KiB
 * as the rows arrive.
 */
export async function* encodeTsv(
  columns: readonly ViewColumn[],
  batches: AsyncIterable<TsvRows>,
  style: TsvStyle,
): AsyncGenerator<Buffer> {
  const line = lineEncoder(columns, style);
  const cellLine = cellLineWriter(columns, style);
  const out = new TsvChunks();
  out.writeText(`${columns.map((column) => column.name).join("\t")}\n`);
  // Value lines gather in a list written once per chunk: one UTF-8 encoding per chunk, not per line.
  let lines: string[] = [];
  let pendingChars = 0;
  let empty = true;
  for await (const batch of batches) {
    if (batch instanceof CellBatch) {
      for (let row = 0; row < batch.rows; row++) {
        cellLine(batch, row, out);
        if (out.full) yield out.take();
      }
      if (batch.rows > 0) empty = false;
      continue;
    }
    for (const values of batch) {
      const text = line(values);
      lines.push(text);
      pendingChars += text.length;
      if (pendingChars >= CHUNK_CHARS) {
        out.writeText(lines.join(""));
        lines = [];
        pendingChars = 0;
        yield out.take();
      }
    }
    if (batch.length > 0) empty = false;
  }
  out.writeText(lines.join(""));
  if (empty && !style.headerWhenEmpty) {
    out.clear();
    out.writeText("\n");
  }
  yield out.take();
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
