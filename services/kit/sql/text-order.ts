/**
 * The order of the binary collations every table is created with (utf8mb4_bin and ascii_bin on
 * MySQL/MariaDB, BINARY on SQLite): code points (UTF-16 order differs only beyond the BMP).
 * Used to sort in memory rows fetched in chunks, so they come in the order ORDER BY gives.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Orders rows by a text key (a UUID, a URL, a name) as the database's binary collation does. */
export function byText<T>(key: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => compareText(key(a), key(b));
}
