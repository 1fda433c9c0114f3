/**
 * The order of the binary collations of both databases (utf8mb4_bin, SQLite BINARY): code
 * points (UTF-16 order differs only beyond the BMP). Used when merging rows fetched in chunks.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
