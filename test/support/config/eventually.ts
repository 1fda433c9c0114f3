/**
 * Polls until check returns a value that is not undefined (or throws after the limit). The limit
 * is only how long a failing test waits: generous, as a full test run loads the two cores.
 */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  limitMillis = 30_000,
): Promise<T> {
  const deadline = Date.now() + limitMillis;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("the condition did not come true in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
