import type { ImportProgress } from "./kb-import.js";

const WIDTH = 30;

/** Draws the import's progress on one stderr line (only on a terminal, so logs stay clean). */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): (progress: ImportProgress) => void {
  return ({ table, done, total }) => {
    if (!stream.isTTY) return;
    const fraction = total === 0 ? 1 : done / total;
    const filled = Math.round(fraction * WIDTH);
    const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
    stream.write(`\r[${bar}] ${Math.round(fraction * 100)}% ${done}/${total} rows (${table})\u001b[K`);
    if (done === total) stream.write("\n");
  };
}
