/**
 * Turns for the streams of one MySQL or PostgreSQL pool. A stream keeps its pooled connection until its last
 * row (an open portal or COPY blocks it too), and its reader may query the pool meanwhile (the fast queries complete each slice so):
 * with every connection held by a stream whose reader waits for another, none would move. So
 * streams hold at most all but one of the pool's connections; the next waits for a turn
 * before it takes one, and the one left serves the readers' queries (and KILL QUERY, pg_cancel_backend).
 */
export class StreamSlots {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Waits for a turn; the function returned gives it back (once, however often called). */
  async take(): Promise<() => void> {
    if (this.held < this.size) this.held++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.held--;
    };
  }
}

const slotsOfPool = new WeakMap<object, StreamSlots>();

/** The turns of a pool's streams: all but one of its `connections` (at least one). */
export function streamSlotsOf(pool: object, connections: number): StreamSlots {
  let slots = slotsOfPool.get(pool);
  if (!slots) {
    slots = new StreamSlots(Math.max(1, connections - 1));
    slotsOfPool.set(pool, slots);
  }
  return slots;
}
