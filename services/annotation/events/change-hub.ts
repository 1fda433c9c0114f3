import { FanOut, type FanOutSubscription } from "../../kit/events/fan-out.js";
import type { ChangeEvent } from "./change-event.js";
import { recordPublished } from "./change-event-metrics.js";

/**
 * Changes a subscriber may have waiting before it is cut off: a few minutes of a busy
 * annotation session, a few MB at most.
 */
export const DEFAULT_CHANGE_QUEUE_LIMIT = 10_000;

/** The annotation domain's committed changes, handed to every watcher (gRPC, NATS, ZeroMQ). */
export class ChangeHub {
  private readonly fanOut: FanOut<ChangeEvent>;
  private readonly watches = new Set<FanOutSubscription<ChangeEvent>>();

  constructor(queueLimit = DEFAULT_CHANGE_QUEUE_LIMIT) {
    this.fanOut = new FanOut(queueLimit);
  }

  /**
   * After a commit: the changes reach the subscribers' queues on the next turn of the event
   * loop, so the write's reply never waits on them.
   */
  publishCommitted(changes: readonly ChangeEvent[]): void {
    if (changes.length === 0) return;
    recordPublished(changes);
    setImmediate(() => this.fanOut.publish(changes));
  }

  /** A subscription of a transport of this process (NATS, ZeroMQ), kept until it closes it. */
  subscribe(): FanOutSubscription<ChangeEvent> {
    return this.fanOut.subscribe();
  }

  /** A subscription of a remote watcher (a gateway), ended when the service starts to drain. */
  watch(): FanOutSubscription<ChangeEvent> {
    const subscription = this.fanOut.subscribe();
    this.watches.add(subscription);
    subscription.onClose(() => this.watches.delete(subscription));
    return subscription;
  }

  /** How many watchers are subscribed now. */
  get subscribers(): number {
    return this.fanOut.size;
  }

  /** Ends the remote watches (their streams finish): the service is stopping. */
  endWatches(): void {
    for (const watch of [...this.watches]) watch.close();
  }
}
