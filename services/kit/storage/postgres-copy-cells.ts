/*
 * Hand-written on purpose, in place of pg-copy-streams' `to` (measured, `npm run
 * bench:postgres-read-paths`, BENCH_VIEW_ROWS=300000, four interleaved rounds, 1-minute load 5-15
 * on two shared cores): read only, these CopyData handlers read 107,000-209,000 rows/s (0.7-0.8 s
 * CPU), pg-copy-streams' Readable split into rows for the same builder 76,100-157,300 (1.2-1.3 s
 * CPU), 0.71-0.89x, below 0.85x in three rounds. The stream parses the messages again beside pg
 * and joins each read's CopyData payloads into a new buffer before the rows are copied into their
 * batches. See docs/benchmarks.md.
 */
import pg from "pg";
import { literalMarkers } from "../sql/numbered-placeholders.js";
import { CellBatch } from "./cell-batch.js";
import { Pages } from "./postgres-pages.js";
import { boundValue, endsStatementOnly, type PostgresWire } from "./postgres-portal.js";

/** Batches waiting for the consumer before the socket is paused (the server then waits on TCP). */
const MAX_WAITING = 4;

/**
 * One read-only statement read as `COPY (statement) TO STDOUT` (text format): every row comes
 * as one CopyData message of tab-separated cell text, which CopyCellBatchBuilder copies into
 * CellBatches as MySQL's text rows are (mysql-cell-rows.ts), with no string per cell and no
 * parsing of values. COPY takes no parameters: each is written into the text as a quoted
 * literal, which PostgreSQL types from its context as it types an untyped parameter. A pg
 * Submittable (`client.query(reader)`); back-pressure pauses the connection's socket.
 */
export class CopyCellsReader {
  readonly pages: Pages<CellBatch>;
  private wire: PostgresWire | undefined;
  private builder: CopyCellBatchBuilder | undefined;
  private state: "copying" | "ready" | "lost" = "copying";
  private paused = false;
  private failure: unknown;
  private readonly text: string;

  constructor(sql: string, params: readonly unknown[], signal: AbortSignal) {
    const literals = params.map((value) => {
      const text = boundValue(value);
      if (Buffer.isBuffer(text)) throw new Error("a COPY statement takes no binary parameters");
      return text === null ? "NULL" : pg.escapeLiteral(text);
    });
    this.text = `COPY (${literalMarkers(sql, literals)}) TO STDOUT`;
    this.pages = new Pages<CellBatch>(signal, () => this.resumeIfWanted());
  }

  /** Whether the COPY still runs on the server: leaving now needs a cancel. */
  get running(): boolean {
    return this.state === "copying";
  }

  /** Whether the connection is back to idle, ready for another statement. */
  get ready(): boolean {
    return this.state === "ready";
  }

  submit(connection: unknown): void {
    this.wire = connection as PostgresWire;
    this.wire.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.failure !== undefined) return;
    this.builder ??= new CopyCellBatchBuilder(columnsOf(message.chunk), (batch) => this.push(batch));
    try {
      this.builder.add(message.chunk);
    } catch (error) {
      // The consumer fails; the rest of the COPY is dropped while it is cancelled.
      this.failure = error;
      this.pages.fail(error);
    }
  }

  handleCommandComplete(): void {
    this.builder?.finish();
  }

  /** A server error ends the COPY (pg hands its ReadyForQuery to no one); a lost connection too. */
  handleError(error: unknown): void {
    this.state = endsStatementOnly(error) ? "ready" : "lost";
    this.failure ??= error;
    this.pages.fail(this.failure);
  }

  handleReadyForQuery(): void {
    this.state = "ready";
    this.pages.end();
  }

  handleEmptyQuery(): void {}

  private push(batch: CellBatch): void {
    this.pages.push(batch);
    if (!this.paused && this.pages.waiting >= MAX_WAITING) {
      this.paused = true;
      this.wire?.stream.pause();
    }
  }

  private resumeIfWanted(): void {
    if (this.paused && this.pages.waiting < MAX_WAITING) {
      this.paused = false;
      this.wire?.stream.resume();
    }
  }
}

/** Bytes of rows gathered before a batch is handed over, as CellBatchBuilder's. */
const BATCH_BYTES = 64 * 1024;
const MAX_ROWS = 1024;
/** A batch's buffer: its 64 KiB and the row that crosses them. */
const BUFFER_BYTES = 80 * 1024;

const TAB = 0x09;
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

/** The columns of a COPY text row: its tabs (tabs inside cells come escaped) and one. */
function columnsOf(row: Buffer): number {
  let tabs = 0;
  for (let at = row.indexOf(TAB); at !== -1; at = row.indexOf(TAB, at + 1)) tabs++;
  return tabs + 1;
}

/**
 * Builds CellBatches from COPY's text rows (`cell\tcell\t\N\n`): each row is copied into the
 * batch's own buffer (pg's parser may reuse the buffer a message came in) and its cells found
 * there, unescaped, `\N` marking a NULL. Hands each batch of about 64 KiB to `emit`.
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
   * Adds one CopyData row (its text and the newline that ends it). The row is copied whole (one
   * native copy), then read for its tabs: a `\N` cell is marked NULL where it lies, and only an
   * escape inside a text (`\t`, `\n`, `\\`, rare) makes the rest of the row move left as it is
   * unescaped.
   */
  add(row: Buffer): void {
    const end = row.length - 1;
    if (row[end] !== 0x0a) throw new Error("a COPY row did not end with a newline");
    if (this.at + end > this.buffer.length) {
      this.finish();
      this.buffer = Buffer.allocUnsafe(Math.max(BUFFER_BYTES, end));
      this.at = 0;
    }
    const target = this.buffer;
    const start = this.at;
    const stop = start + end;
    row.copy(target, start, 0, end);
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
