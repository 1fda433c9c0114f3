const WIDTH = 30;
/** Without a terminal, one line at most this often (and at the end). */
const LINE_INTERVAL_MILLIS = 5000;

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Reports the generator's progress on stderr: a bar redrawn in place on a terminal, else a
 * plain line every few seconds (logs and CI output stay readable). Shows annotations/s and
 * the time left.
 */
export function datagenProgress(
  stream: ProgressStream = process.stderr,
  now: () => number = () => performance.now(),
): (done: number, total: number) => void {
  const started = now();
  let lastLine = started;
  return (done, total) => {
    const at = now();
    const finished = done >= total;
    if (!stream.isTTY && !finished && at - lastLine < LINE_INTERVAL_MILLIS) return;
    lastLine = at;
    const fraction = total === 0 ? 1 : done / total;
    const perSecond = done / Math.max(0.001, (at - started) / 1000);
    const left = perSecond > 0 ? Math.round((total - done) / perSecond) : 0;
    const status = `${Math.floor(fraction * 100)}% ${done}/${total} annotations, ${Math.round(perSecond)}/s, ${left} s left`;
    if (stream.isTTY) {
      const filled = Math.round(fraction * WIDTH);
      stream.write(
        `\r[${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${status}\u001b[K${finished ? "\n" : ""}`,
      );
    } else {
      stream.write(`datagen: ${status}\n`);
    }
  };
}
