/** Without a terminal, one line at most this often. */
const LINE_INTERVAL_MILLIS = 5000;

/**
 * Reports rows per section on stderr: redrawn in place on a terminal, else a plain line every
 * few seconds (and one per finished section), so logs stay readable.
 */
export function sectionProgress(
  verb: string,
  stream: NodeJS.WriteStream = process.stderr,
): (progress: { section: string; rows: number }) => void {
  let lastLine = 0;
  return ({ section, rows }) => {
    const now = performance.now();
    if (stream.isTTY) {
      stream.write(`\r${verb} ${section}: ${rows} rows\u001b[K`);
    } else if (now - lastLine >= LINE_INTERVAL_MILLIS) {
      lastLine = now;
      stream.write(`${verb} ${section}: ${rows} rows\n`);
    }
  };
}

export function describeLocation(
  location: { kind: "file"; path: string } | { kind: "s3"; bucket: string; key: string },
): string {
  return location.kind === "file" ? location.path : `s3://${location.bucket}/${location.key}`;
}
