import type { Query } from "mysql2";
import { CellBatchBuilder } from "./cell-batch.js";

/** What mysql2 hands its query's row state: one packet, its payload between offset and end. */
interface RowPacket {
  buffer: Buffer;
  offset: number;
  end: number;
  isEOF(): boolean;
}

type RowState = (this: QueryCommand, packet: RowPacket, connection: unknown) => unknown;

/** mysql2's query command as its state machine sees it (lib/commands/query.js). */
interface QueryCommand {
  row: RowState;
  emit(event: string, ...values: unknown[]): boolean;
}

/**
 * Makes a mysql2 query emit its rows as CellBatches (one `result` event per batch of about
 * 64 KiB) instead of one parsed row per `result`: no string per cell, no array per row. mysql2
 * looks its row state up on the command after the column definitions (`fieldsEOF` returns
 * `this.row`), so the state is replaced on this query alone; the end of the result still goes
 * through mysql2's own state. Set before the first packet arrives, with the query's stream
 * (its back-pressure and events) used as usual.
 */
export function emitCellBatches(query: Query): void {
  const command = query as unknown as QueryCommand;
  const standardRow = Object.getPrototypeOf(command).row as RowState;
  let builder: CellBatchBuilder | undefined;
  let failed = false;
  query.on("fields", (fields: readonly unknown[]) => {
    builder = new CellBatchBuilder(fields.length);
  });
  const cellRow: RowState = function (this: QueryCommand, packet, connection) {
    if (packet.isEOF()) {
      const last = builder?.take();
      if (last) this.emit("result", last, 0);
      return standardRow.call(this, packet, connection);
    }
    if (failed || builder === undefined) return cellRow;
    try {
      builder.addPacket(packet.buffer, packet.offset, packet.end);
    } catch (error) {
      // The stream fails; the rest of the result is read and dropped while it is killed.
      failed = true;
      this.emit("error", error);
      return cellRow;
    }
    if (builder.full) this.emit("result", builder.take(), 0);
    return cellRow;
  };
  command.row = cellRow;
}
