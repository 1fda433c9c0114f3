import { CellBatch } from "./cell-batch.js";

/** Bytes of rows gathered before a batch is handed over, as CellBatchBuilder's. */
const BATCH_BYTES = 64 * 1024;
const MAX_ROWS = 1024;
/** A batch's buffer: its 64 KiB and the row that crosses them. */
const BUFFER_BYTES = 80 * 1024;

const TAB = 0x09;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const LETTER_N = 0x4e;
/** COPY's text format escapes (`\b \f \n \r \t \v \\`); any other escaped byte stands for itself. */
const UNESCAPED = Uint8Array.from({ length: 256 }, (_, byte) => byte);
for (const [letter, byte] of [
  ["b", 8],
  ["f", 12],
  ["n", 10],
  ["r", 13],
  ["t", 9],
  ["v", 11],
] as const) {
  UNESCAPED[letter.charCodeAt(0)] = byte;
}

/** The columns of a COPY text row, from `start` to `end`: its tabs (tabs inside cells come escaped) and one. */
export function columnsOf(source: Buffer, start: number, end: number): number {
  let tabs = 0;
  for (let at = source.indexOf(TAB, start); at !== -1 && at < end; at = source.indexOf(TAB, at + 1)) tabs++;
  return tabs + 1;
}

/**
 * Builds CellBatches from COPY's text rows (`cell\tcell\t\N\n`): each row is copied into the
 * batch's own buffer (the chunk it came in is not kept) and its cells found there, unescaped, `\N` marking a NULL. Hands each batch of about 64 KiB to `emit`.
 */
export class CopyCellBatchBuilder {
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private at = 0;
  private rows = 0;
  private sources: Buffer[] = [];
  private cells: number[] = [];
  private lengths: number[] = [];

  constructor(
    private readonly columns: number,
    private readonly emit: (batch: CellBatch) => void,
  ) {}

  /**
   * Adds one row of COPY's text (its cells and the newline that ends it), from `from` to `to`
   * of `source`. The row is copied whole (one native copy), then read for its tabs: a `\N` cell
   * is marked NULL where it lies, and only an escape inside a text (`\t`, `\n`, `\\`, rare)
   * makes the rest of the row move left as it is unescaped.
   */
  add(source: Buffer, from = 0, to = source.length): void {
    const length = to - from - 1;
    if (source[to - 1] !== NEWLINE) throw new Error("a COPY row did not end with a newline");
    if (this.at + length > this.buffer.length) {
      this.finish();
      this.buffer = Buffer.allocUnsafe(Math.max(BUFFER_BYTES, length));
      this.at = 0;
    }
    const target = this.buffer;
    const start = this.at;
    const stop = start + length;
    source.copy(target, start, from, to - 1);
    const cells = this.cells;
    let cell = this.rows * this.columns * 2;
    const lastCell = cell + (this.columns - 1) * 2;
    let cellStart = start;
    let isNull = false;
    let read = start;
    for (; read < stop; read++) {
      const byte = target[read] as number;
      if (byte === TAB) {
        if (cell === lastCell) this.refuse("more cells than its first row");
        cells[cell] = isNull ? -1 : cellStart;
        cells[cell + 1] = isNull ? -1 : read;
        cell += 2;
        cellStart = read + 1;
        isNull = false;
      } else if (byte === BACKSLASH) {
        if (target[read + 1] !== LETTER_N) break;
        isNull = true;
        read++;
      }
    }
    // Past the first escape in a text: the bytes are written back unescaped, `write` behind `read`.
    let write = read;
    for (; read < stop; read++) {
      const byte = target[read] as number;
      if (byte === TAB) {
        if (cell === lastCell) this.refuse("more cells than its first row");
        cells[cell] = isNull ? -1 : cellStart;
        cells[cell + 1] = isNull ? -1 : write;
        cell += 2;
        cellStart = write;
        isNull = false;
      } else if (byte === BACKSLASH) {
        const escaped = target[++read] as number;
        if (escaped === LETTER_N) isNull = true;
        else target[write++] = UNESCAPED[escaped] as number;
      } else {
        target[write++] = byte;
      }
    }
    if (cell !== lastCell) this.refuse("fewer cells than its first row");
    cells[cell] = isNull ? -1 : cellStart;
    cells[cell + 1] = isNull ? -1 : write;
    this.sources.push(target);
    this.lengths.push(write - start);
    this.at = write;
    this.rows++;
    if (this.at >= BATCH_BYTES || this.rows === MAX_ROWS) this.finish();
  }

  /** Hands over the rows added since the last batch, if any. */
  finish(): void {
    if (this.rows === 0) return;
    this.emit(new CellBatch(this.columns, this.rows, this.sources, this.cells, this.lengths));
    this.rows = 0;
    this.sources = [];
    this.cells = [];
    this.lengths = [];
    // The rest of this buffer holds the next batch's rows: the rows given keep their bytes.
  }

  private refuse(what: string): never {
    this.cells.length = this.rows * this.columns * 2;
    throw new Error(`a COPY row has ${what}`);
  }
}
