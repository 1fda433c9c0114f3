/** The bytes a reply sends: the whole file, or one range of it. */
export type ByteSelection =
  | { kind: "whole" }
  | { kind: "range"; first: number; last: number }
  /** A range that starts past the end of the file (HTTP 416). */
  | { kind: "unsatisfiable" };

/**
 * Reads an HTTP Range header (RFC 9110 §14.1.2) against a file of `size` bytes. One range is
 * served (`bytes=a-b`, `bytes=a-`, `bytes=-n`, its end clipped to the file); a header that is
 * not a byte range, or asks for several, is ignored and the whole file is sent, as the RFC
 * lets a server do. A range starting at or past the end is unsatisfiable.
 */
export function selectBytes(rangeHeader: string, size: number): ByteSelection {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(rangeHeader);
  if (!match) return { kind: "whole" };
  const [, from, to] = match as unknown as [string, string, string];
  if (from === "" && to === "") return { kind: "whole" };
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", first: Math.max(0, size - suffix), last: size - 1 };
  }
  const first = Number(from);
  if (to !== "" && Number(to) < first) return { kind: "whole" };
  if (first >= size) return { kind: "unsatisfiable" };
  const last = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return { kind: "range", first, last };
}
