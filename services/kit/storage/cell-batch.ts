/**
 * Rows as MySQL's text protocol sends them: every cell's text kept as bytes in one buffer,
 * never made into a string. For readers that copy or reformat text (a TSV download of a
 * million rows of sixty columns), where a string per cell was most of the time and garbage.
 */
export class CellBatch {
  constructor(
    readonly columns: number,
    readonly rows: number,
    readonly bytes: Buffer,
    /** Per row and column: where the cell's bytes start and end in `bytes`; both -1 for NULL. */
    readonly cells: Int32Array,
    /** Per row: where its cells start and end in `bytes`. */
    readonly spans: Int32Array,
  ) {}

  /** The same rows without the first `count` (views, nothing copied). */
  withoutFirst(count: number): CellBatch {
    const skipped = Math.min(count, this.rows);
    return new CellBatch(
      this.columns,
      this.rows - skipped,
      this.bytes,
      this.cells.subarray(skipped * this.columns * 2),
      this.spans.subarray(skipped * 2),
    );
  }

  /** Whether a cell of this batch holds the same value (or NULL) as a cell of another. */
  sameCell(row: number, column: number, other: CellBatch, otherRow: number): boolean {
    const at = (row * this.columns + column) * 2;
    const otherAt = (otherRow * other.columns + column) * 2;
    const start = this.cells[at] as number;
    const otherStart = other.cells[otherAt] as number;
    if (start === -1 || otherStart === -1) return start === otherStart;
    return (
      this.bytes.compare(
        other.bytes,
        otherStart,
        other.cells[otherAt + 1] as number,
        start,
        this.cells[at + 1] as number,
      ) === 0
    );
  }

  /** Byte order of two cells of one column, NULL first (UUIDs and other ASCII compare as strings do). */
  compareCell(row: number, column: number, other: CellBatch, otherRow: number): number {
    const at = (row * this.columns + column) * 2;
    const otherAt = (otherRow * other.columns + column) * 2;
    const start = this.cells[at] as number;
    const otherStart = other.cells[otherAt] as number;
    if (start === -1 || otherStart === -1) return start === otherStart ? 0 : start === -1 ? -1 : 1;
    return this.bytes.compare(
      other.bytes,
      otherStart,
      other.cells[otherAt + 1] as number,
      start,
      this.cells[at + 1] as number,
    );
  }
}

/** Bytes of rows gathered before a batch is handed over: per-batch costs vanish, memory stays small. */
const BATCH_BYTES = 64 * 1024;
const MAX_ROWS = 1024;

const NULL_CELL = 0xfb;
const TWO_BYTE_LENGTH = 0xfc;
const THREE_BYTE_LENGTH = 0xfd;

/** Builds CellBatches of about 64 KiB from row packets or from other batches' rows. */
export class CellBatchBuilder {
  private bytes = Buffer.allocUnsafe(0);
  private used = 0;
  private rows = 0;
  private cells: Int32Array;
  private spans = new Int32Array(MAX_ROWS * 2);

  constructor(private readonly columns: number) {
    this.cells = new Int32Array(MAX_ROWS * columns * 2);
  }

  /** Whether the batch has reached its size: take it before adding more. */
  get full(): boolean {
    return this.used >= BATCH_BYTES || this.rows === MAX_ROWS;
  }

  /** The rows added since the last take, if any, as a batch; the builder starts a new one. */
  take(): CellBatch | undefined {
    if (this.rows === 0) return undefined;
    const batch = new CellBatch(
      this.columns,
      this.rows,
      this.bytes,
      this.cells.subarray(0, this.rows * this.columns * 2),
      this.spans.subarray(0, this.rows * 2),
    );
    this.bytes = Buffer.allocUnsafe(0);
    this.used = 0;
    this.rows = 0;
    this.cells = new Int32Array(MAX_ROWS * this.columns * 2);
    this.spans = new Int32Array(MAX_ROWS * 2);
    return batch;
  }

  /**
   * Adds one row of the text protocol (the packet's payload: a length-coded string or a NULL
   * byte per column). Take the batch first when it is full.
   */
  addPacket(source: Buffer, start: number, end: number): void {
    const base = this.reserve(end - start);
    source.copy(this.bytes, base, start, end);
    const bytes = this.bytes;
    const cells = this.cells;
    let cell = this.rows * this.columns * 2;
    let at = base;
    for (let column = 0; column < this.columns; column++, cell += 2) {
      const first = bytes[at] as number;
      let length: number;
      if (first < NULL_CELL) {
        length = first;
        at += 1;
      } else if (first === NULL_CELL) {
        cells[cell] = -1;
        cells[cell + 1] = -1;
        at += 1;
        continue;
      } else if (first === TWO_BYTE_LENGTH) {
        length = bytes.readUInt16LE(at + 1);
        at += 3;
      } else if (first === THREE_BYTE_LENGTH) {
        length = bytes.readUIntLE(at + 1, 3);
        at += 4;
      } else {
        // Eight bytes; a cell fits in one packet buffer, so the high half is zero.
        length = bytes.readUInt32LE(at + 1);
        at += 9;
      }
      cells[cell] = at;
      cells[cell + 1] = at + length;
      at += length;
    }
    if (at > base + (end - start)) throw new Error("a row packet ended inside its cells");
    this.endRow(base, at);
  }

  /** Adds a copy of another batch's row. Take the batch first when it is full. */
  addRow(from: CellBatch, row: number): void {
    const start = from.spans[row * 2] as number;
    const end = from.spans[row * 2 + 1] as number;
    const base = this.reserve(end - start);
    from.bytes.copy(this.bytes, base, start, end);
    const shift = base - start;
    const count = this.columns * 2;
    const source = from.cells;
    const cells = this.cells;
    let target = this.rows * count;
    for (let at = row * count, last = at + count; at < last; at++, target++) {
      const offset = source[at] as number;
      cells[target] = offset === -1 ? -1 : offset + shift;
    }
    this.endRow(base, base + (end - start));
  }

  /** Room for a row of `length` bytes; a new buffer holds this batch's rows and the next ones. */
  private reserve(length: number): number {
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * BATCH_BYTES, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      // Cells already added point into the old buffer at the same offsets: still valid in the copy.
      this.bytes = grown;
    }
    return this.used;
  }

  private endRow(start: number, end: number): void {
    this.spans[this.rows * 2] = start;
    this.spans[this.rows * 2 + 1] = end;
    this.used = end;
    this.rows++;
  }
}
