import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { FanOut, type FanOutSubscription } from "../../../services/kit/events/fan-out.js";
import type { ChangeSource } from "./change-streams.js";

/** A source the feed follows; `forward`, when given, also receives each batch it yields. */
export interface FollowedSource {
  source: ChangeSource;
  forward?: (notices: readonly string[]) => void;
}

/** Changes kept for clients that reconnect with Last-Event-ID. */
const REPLAY_WINDOW = 1024;
const RETRY_FIRST_MILLIS = 250;
const RETRY_MAX_MILLIS = 5000;

/** One change as the gateway's clients see it: annosaurus's NATS notice, with an id for SSE. */
export interface FedChange {
  /** `<feed>.<sequence>`: unique to this gateway process, in order. */
  id: string;
  /** `{"action","dataType","uuid"}` */
  json: string;
}

/**
 * The annotation changes, followed from their source (the annotation service's WatchChanges
 * stream, or NATS) and handed to every server-sent-events client through a bounded queue each.
 * The source is followed again whenever its stream ends (the service restarted or drained), after
 * a growing pause. The last
 * changes are kept so a client reconnecting with Last-Event-ID gets what it missed, if this
 * gateway still has it.
 */
export class ChangeFeed {
  private readonly fanOut: FanOut<FedChange>;
  private readonly recent: FedChange[] = [];
  private readonly feedId = randomBytes(4).toString("hex");
  private sequence = 0;
  private stopped = false;
  private readonly cancels = new Set<() => void>();

  constructor(
    private readonly sources: readonly FollowedSource[],
    private readonly logger: Logger,
    queueLimit: number,
  ) {
    this.fanOut = new FanOut(queueLimit);
    for (const followed of sources) void this.follow(followed);
  }

  /** A subscription from now on, preceded by the kept changes after `lastEventId` when it names one of them. */
  subscribe(lastEventId: string | undefined): {
    missed: FedChange[];
    subscription: FanOutSubscription<FedChange>;
  } {
    return { missed: this.missedSince(lastEventId), subscription: this.fanOut.subscribe() };
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const cancel of this.cancels) cancel();
    await Promise.all(this.sources.map(({ source }) => source.close()));
  }

  private missedSince(lastEventId: string | undefined): FedChange[] {
    const [feed, sequence] = (lastEventId ?? "").split(".");
    if (feed !== this.feedId || sequence === undefined) return [];
    const after = Number(sequence);
    return this.recent.filter((change) => Number(change.id.split(".")[1]) > after);
  }

  private async follow({ source, forward }: FollowedSource): Promise<void> {
    let pause = RETRY_FIRST_MILLIS;
    while (!this.stopped) {
      const stream = source.open();
      const cancel = () => stream.cancel();
      this.cancels.add(cancel);
      try {
        for await (const notices of stream.notices) {
          pause = RETRY_FIRST_MILLIS;
          this.feed(notices);
          forward?.(notices);
        }
      } catch (error) {
        if (!this.stopped) this.logger.debug({ err: error }, "the change stream ended; following it again");
      } finally {
        this.cancels.delete(cancel);
      }
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      pause = Math.min(pause * 2, RETRY_MAX_MILLIS);
    }
  }

  private feed(notices: readonly string[]): void {
    const changes = notices.map((json): FedChange => ({ id: `${this.feedId}.${++this.sequence}`, json }));
    this.recent.push(...changes);
    if (this.recent.length > REPLAY_WINDOW) this.recent.splice(0, this.recent.length - REPLAY_WINDOW);
    this.fanOut.publish(changes);
  }
}
