import { Presets, SingleBar } from "cli-progress";

/** Without a terminal, one line at most this often (and at the end), so logs stay readable. */
const LINE_INTERVAL_MILLIS = 5_000;

/**
 * A progress bar on stderr for long work (cli-progress), redrawn in place on a terminal; else
 * a plain line now and then. `update(done, total, label)`; `stop()` at the end.
 */
export function progress(unit: string, stream: NodeJS.WriteStream = process.stderr) {
  if (stream.isTTY) {
    const bar = new SingleBar(
      {
        format: `{bar} {percentage}% {value}/{total} ${unit} {label} | {eta_formatted} left`,
        stream,
        hideCursor: true,
      },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(done: number, total: number, label = "") {
        if (!started) {
          bar.start(total, done, { label });
          started = true;
        } else bar.update(done, { label });
        bar.setTotal(total);
      },
      stop: () => bar.stop(),
    };
  }
  let last = Number.NEGATIVE_INFINITY;
  return {
    update(done: number, total: number, label = "") {
      const now = performance.now();
      if (done < total && now - last < LINE_INTERVAL_MILLIS) return;
      last = now;
      stream.write(`${done}/${total} ${unit} ${label}\n`);
    },
    stop: () => undefined,
  };
}
