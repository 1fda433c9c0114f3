import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { literalMarkers } from "../sql/numbered-placeholders.js";
import type { CellBatch } from "./cell-batch.js";
import { CopyCellBatchBuilder, columnsOf } from "./postgres-copy-cells.js";
import type { PostgresReader, Settle } from "./postgres-row-stream.js";
import { boundValue, endsStatementOnly } from "./postgres-statement-values.js";

const NEWLINE = 0x0a;

/**
 * One read-only statement read as `COPY (statement) TO STDOUT` (text format) through
 * pg-copy-streams: its chunks of rows, cut anywhere, are split at their newlines (a newline in
 * a cell comes escaped) and the rows copied into CellBatches (CopyCellBatchBuilder), with no
 * string per cell and no parsing of values. COPY takes no parameters: each is written into the
 * text as a quoted literal, which PostgreSQL types from its context as it types an untyped
 * parameter. Back-pressure is the stream's: the socket waits while the consumer does.
 */
export class CopyCellsReader implements PostgresReader<CellBatch> {
  private state: "copying" | "ready" | "lost" = "copying";
  private readonly text: string;
  private builder: CopyCellBatchBuilder | undefined;
  /** The start of a row cut at the end of the last chunk. */
  private rest: Buffer | undefined;
  private batches: CellBatch[] = [];

  constructor(sql: string, params: readonly unknown[]) {
    const literals = params.map((value) => {
      const text = boundValue(value);
      if (Buffer.isBuffer(text)) throw new Error("a COPY statement takes no binary parameters");
      return text === null ? "NULL" : pg.escapeLiteral(text);
    });
    this.text = `COPY (${literalMarkers(sql, literals)}) TO STDOUT`;
  }

  get running(): boolean {
    return this.state === "copying";
  }

  get ready(): boolean {
    return this.state === "ready";
  }

  async *read(client: pg.PoolClient, settle: Settle): AsyncGenerator<CellBatch> {
    const copy = copyTo(this.text);
    // pg hands the end of the statement (ReadyForQuery) to the stream, which ignores it.
    const idle = new Promise<void>((resolve) => {
      (copy as unknown as { handleReadyForQuery(): void }).handleReadyForQuery = resolve;
    });
    client.query(copy);
    const chunks = copy[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      for (let next = await settle(chunks.next()); !next.done; next = await settle(chunks.next())) {
        this.addChunk(next.value);
        yield* this.takeBatches();
      }
      if (this.rest !== undefined) throw new Error("a COPY ended inside a row");
      this.builder?.finish();
      yield* this.takeBatches();
      await settle(idle);
      this.state = "ready";
    } catch (error) {
      // A server ERROR ends the COPY (pg hands its ReadyForQuery to no one); FATAL, the connection.
      if (error instanceof pg.DatabaseError) this.state = endsStatementOnly(error) ? "ready" : "lost";
      throw error;
    } finally {
      if (this.state !== "ready") copy.destroy();
    }
  }

  /** Adds the rows a chunk completes; keeps the start of the row it cuts. */
  private addChunk(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE);
    if (this.rest !== undefined) {
      if (newline === -1) {
        this.rest = Buffer.concat([this.rest, chunk]);
        return;
      }
      const row = Buffer.concat([this.rest, chunk.subarray(0, newline + 1)]);
      this.rest = undefined;
      this.addRow(row, 0, row.length);
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    for (; newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      this.addRow(chunk, start, newline + 1);
      start = newline + 1;
    }
    if (start < chunk.length) this.rest = Buffer.from(chunk.subarray(start));
  }

  private addRow(source: Buffer, start: number, end: number): void {
    this.builder ??= new CopyCellBatchBuilder(columnsOf(source, start, end - 1), (batch) =>
      this.batches.push(batch),
    );
    this.builder.add(source, start, end);
  }

  private takeBatches(): CellBatch[] {
    const batches = this.batches;
    this.batches = [];
    return batches;
  }
}
