/**
 * Reads of the same thing kept in the order they were asked for: an answer that comes in after
 * the answer to a later read of the same key is dropped (undefined), being older than what is
 * shown. On the Watch screen each change event's annotation is read back; two quick changes to
 * one annotation are read back twice, and the first answer may come in last.
 */
export function newestReads() {
  let asked = 0;
  /** Per key, the order of the read whose answer was taken last. */
  const taken = new Map<string, number>();
  return async function read<T>(key: string, load: () => Promise<T>): Promise<T | undefined> {
    const order = ++asked;
    const answer = await load();
    if ((taken.get(key) ?? 0) > order) return undefined;
    taken.set(key, order);
    return answer;
  };
}
