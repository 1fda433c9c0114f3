/** Polls `read` until `done` holds of its answer (at most 5 s), then gives the last answer. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 100 && !done(value); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
