/** `?, ?, ?`: one bound-value marker per value, for an IN list or a VALUES tuple. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}
