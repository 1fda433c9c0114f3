/**
 * Polls until check returns a value that is not undefined (or throws after the limit). The limit
 * is only how long a failing test waits: generous, as a full test run loads the two cores.
 */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  limitMillis = 30_000,
  intervalMillis = 20,
): Promise<T> {
  const deadline = Date.now() + limitMillis;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("the condition did not come true in time");
    await new Promise((resolve) => setTimeout(resolve, intervalMillis));
  }
}

/**
 * The interval of a wait whose every poll is a request to a Kubernetes API: the client and the
 * server (the stand-in runs in the test's own process) both pay for each one.
 */
export const API_POLL_MILLIS = 50;

/** eventually, for a check that asks a Kubernetes API: polls every API_POLL_MILLIS. */
export function eventuallyFromApi<T>(check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  return eventually(check, undefined, API_POLL_MILLIS);
}
