/**
 * Rows as MySQL's text protocol sends them: every cell's text left as bytes where they arrived,
 * never made into a string (PostgreSQL's COPY rows are copied into a buffer of their batch
 * instead: postgres-copy-cells.ts). For readers that copy or reformat text (a TSV download of a
 * million rows of sixty columns), where a string per cell was most of the time and garbage.
 * A row's bytes stay in the buffer its packet came in (the socket's read buffer, which Node
 * does not reuse): nothing is copied, and a batch holds on to the few buffers its rows are in.
 */
export class CellBatch {
  constructor(
    readonly columns: number,
    readonly rows: number,
    /** Per row: the buffer holding its cells. */
    readonly sources: readonly Buffer[],
    /**
     * Per row and column: where the cell's bytes start and end in the row's source; both -1 for
     * NULL. A plain array, on V8's heap: typed arrays are buffers outside it, and every 64 MB of
     * those (these offsets are 8 bytes per cell) brings on a full collection.
     */
    readonly cells: readonly number[],
    /** Per row: the length of its packet (the cells' bytes and their lengths). */
    readonly lengths: readonly number[],
  ) {}

  /** The same rows without the first `count` (views, nothing copied). */
  withoutFirst(count: number): CellBatch {
    const skipped = Math.min(count, this.rows);
    return new CellBatch(
      this.columns,
      this.rows - skipped,
      this.sources.slice(skipped),
      this.cells.slice(skipped * this.columns * 2),
      this.lengths.slice(skipped),
    );
  }

  /** Whether a cell of this batch holds the same value (or NULL) as a cell of another. */
  sameCell(row: number, column: number, other: CellBatch, otherRow: number): boolean {
    return this.compareCell(row, column, other, otherRow) === 0;
  }

  /** Byte order of two cells of one column, NULL first (UUIDs and other ASCII compare as strings do). */
  compareCell(row: number, column: number, other: CellBatch, otherRow: number): number {
    const at = (row * this.columns + column) * 2;
    const otherAt = (otherRow * other.columns + column) * 2;
    const start = this.cells[at] as number;
    const otherStart = other.cells[otherAt] as number;
    if (start === -1 || otherStart === -1) return start === otherStart ? 0 : start === -1 ? -1 : 1;
    return (this.sources[row] as Buffer).compare(
      other.sources[otherRow] as Buffer,
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

/** Builds CellBatches of about 64 KiB of rows from row packets or from other batches' rows. */
export class CellBatchBuilder {
  private bytes = 0;
  private rows = 0;
  private sources: Buffer[] = [];
  private cells: number[] = [];
  private lengths: number[] = [];

  constructor(private readonly columns: number) {}

  /** Whether the batch has reached its size: take it before adding more. */
  get full(): boolean {
    return this.bytes >= BATCH_BYTES || this.rows === MAX_ROWS;
  }

  /** The rows added since the last take, if any, as a batch; the builder starts a new one. */
  take(): CellBatch | undefined {
    if (this.rows === 0) return undefined;
    const batch = new CellBatch(this.columns, this.rows, this.sources, this.cells, this.lengths);
    this.bytes = 0;
    this.rows = 0;
    this.sources = [];
    this.cells = [];
    this.lengths = [];
    return batch;
  }

  /**
   * Adds one row of the text protocol: the packet's payload, from start to end of `source`, a
   * length-coded string or a NULL byte per column. `source` must not change afterwards. Take
   * the batch first when it is full.
   */
  addPacket(source: Buffer, start: number, end: number): void {
    const cells = this.cells;
    let cell = this.rows * this.columns * 2;
    let at = start;
    for (let column = 0; column < this.columns; column++, cell += 2) {
      const first = source[at] as number;
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
        length = source.readUInt16LE(at + 1);
        at += 3;
      } else if (first === THREE_BYTE_LENGTH) {
        length = source.readUIntLE(at + 1, 3);
        at += 4;
      } else {
        // Eight bytes; a cell fits in one packet buffer, so the high half is zero.
        length = source.readUInt32LE(at + 1);
        at += 9;
      }
      cells[cell] = at;
      cells[cell + 1] = at + length;
      at += length;
    }
    if (at > end) {
      cells.length = this.rows * this.columns * 2;
      throw new Error("a row packet ended inside its cells");
    }
    this.endRow(source, end - start);
  }

  /** Adds another batch's row (its cells stay where they are). Take the batch first when it is full. */
  addRow(from: CellBatch, row: number): void {
    const count = this.columns * 2;
    const cells = this.cells;
    const source = from.cells;
    for (let at = row * count, last = at + count; at < last; at++) cells.push(source[at] as number);
    this.endRow(from.sources[row] as Buffer, from.lengths[row] as number);
  }

  private endRow(source: Buffer, length: number): void {
    this.sources.push(source);
    this.lengths.push(length);
    this.bytes += length;
    this.rows++;
  }
}
