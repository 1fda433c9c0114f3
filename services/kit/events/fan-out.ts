/**
 * Hands every published item to every subscriber, each through a bounded queue of its own, so a
 * subscriber that stops reading never holds up the publisher nor the other subscribers. A
 * subscriber that still has `queueLimit` items waiting when more arrive is cut off (its iteration
 * throws SubscriberTooSlowError) and may subscribe again. One publish may hold more than the limit
 * (a transaction's many changes) and is taken whole by a subscriber that keeps up, so a queue
 * holds at most the limit plus one publish. Publishing only appends to queues; nothing waits on a
 * subscriber.
 */
export class FanOut<T> {
  private readonly subscribers = new Set<FanOutSubscription<T>>();

  constructor(
    /** Items one subscriber may have waiting before it is cut off. */
    private readonly queueLimit: number,
  ) {
    if (!Number.isInteger(queueLimit) || queueLimit < 1) {
      throw new Error(`a subscriber's queue limit must be a whole number above 0, got ${queueLimit}`);
    }
  }

  /** How many subscribers are listening now. */
  get size(): number {
    return this.subscribers.size;
  }

  publish(items: readonly T[]): void {
    if (items.length === 0) return;
    for (const subscriber of this.subscribers) subscriber.offer(items);
  }

  /** A subscription receiving what is published from now on, until it is closed or cut off. */
  subscribe(): FanOutSubscription<T> {
    const subscription = new FanOutSubscription<T>(this.queueLimit, () =>
      this.subscribers.delete(subscription),
    );
    this.subscribers.add(subscription);
    return subscription;
  }
}

/** Thrown to a subscriber whose queue filled up: it missed items from then on. */
export class SubscriberTooSlowError extends Error {
  constructor(queueLimit: number) {
    super(`the subscriber fell ${queueLimit} items behind and was disconnected`);
    this.name = "SubscriberTooSlowError";
  }
}

export class FanOutSubscription<T> implements AsyncIterable<T> {
  private queue: T[] = [];
  private wake: (() => void) | undefined;
  private state: "open" | "closed" | "too-slow" = "open";

  private readonly closeListeners: (() => void)[] = [];

  constructor(
    private readonly queueLimit: number,
    private readonly detach: () => void,
  ) {}

  /** Runs once the subscription is closed or cut off. */
  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** Items waiting to be read. */
  get pending(): number {
    return this.queue.length;
  }

  offer(items: readonly T[]): void {
    if (this.state !== "open") return;
    if (this.queue.length >= this.queueLimit) {
      this.state = "too-slow";
      this.queue = [];
      this.ended();
    } else {
      for (const item of items) this.queue.push(item);
    }
    this.wakeReader();
  }

  /** Stops the subscription; a waiting iteration finishes. */
  close(): void {
    if (this.state === "open") this.state = "closed";
    this.ended();
    this.wakeReader();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const batch of this.batches(Number.POSITIVE_INFINITY)) yield* batch;
  }

  /** What is waiting, in arrays of at most `max` items, oldest first. */
  async *batches(max: number): AsyncGenerator<T[]> {
    try {
      while (true) {
        if (this.state === "too-slow") throw new SubscriberTooSlowError(this.queueLimit);
        if (this.queue.length > 0) {
          const ready = this.queue.length <= max ? this.queue : this.queue.slice(0, max);
          this.queue = this.queue.length <= max ? [] : this.queue.slice(max);
          yield ready;
          continue;
        }
        if (this.state === "closed") return;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    } finally {
      this.close();
    }
  }

  private ended(): void {
    this.detach();
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
