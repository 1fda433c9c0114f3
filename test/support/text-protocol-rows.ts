import { type CellBatch, CellBatchBuilder } from "../../services/kit/storage/cell-batch.js";

/** One row as MySQL's text protocol sends it: per cell a length-coded string, or 0xFB for NULL. */
export function textProtocolRow(cells: readonly (string | null)[]): Buffer {
  const parts = cells.map((cell) => {
    if (cell === null) return Buffer.from([0xfb]);
    const text = Buffer.from(cell, "utf8");
    const length = text.length;
    if (length < 0xfb) return Buffer.concat([Buffer.from([length]), text]);
    if (length < 0x10000) return Buffer.concat([Buffer.from([0xfc, length & 0xff, length >> 8]), text]);
    return Buffer.concat([Buffer.from([0xfd, length & 0xff, (length >> 8) & 0xff, length >> 16]), text]);
  });
  return Buffer.concat(parts);
}

/** The rows as CellBatches, as the MySQL stream hands them over (a new batch whenever one fills). */
export function cellBatchesOf(rows: readonly (readonly (string | null)[])[], columns: number): CellBatch[] {
  const builder = new CellBatchBuilder(columns);
  const batches: CellBatch[] = [];
  for (const row of rows) {
    // Inside a larger buffer, as packets arrive inside a socket's chunk.
    const packet = Buffer.concat([Buffer.from("head"), textProtocolRow(row), Buffer.from("tail")]);
    builder.addPacket(packet, 4, packet.length - 4);
    if (builder.full) batches.push(builder.take() as CellBatch);
  }
  const rest = builder.take();
  if (rest) batches.push(rest);
  return batches;
}

/** A cell's text, or null. */
export function cellText(batch: CellBatch, row: number, column: number): string | null {
  const at = (row * batch.columns + column) * 2;
  const start = batch.cells[at] as number;
  return start === -1
    ? null
    : (batch.sources[row] as Buffer).toString("utf8", start, batch.cells[at + 1] as number);
}
