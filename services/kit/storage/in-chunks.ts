/**
 * Splits the keys of an IN (...) list: SQLite caps bound parameters per statement and
 * MySQL plans very long lists poorly.
 */
const CHUNK_SIZE = 500;

/** Runs `query` over the distinct keys, at most CHUNK_SIZE at a time, and concatenates the rows. */
export async function queryInChunks<K, R>(
  keys: readonly K[],
  query: (chunk: K[]) => Promise<R[]>,
): Promise<R[]> {
  const unique = [...new Set(keys)];
  const results: R[] = [];
  for (let start = 0; start < unique.length; start += CHUNK_SIZE) {
    results.push(...(await query(unique.slice(start, start + CHUNK_SIZE))));
  }
  return results;
}
