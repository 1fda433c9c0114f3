import { randomBytes } from "node:crypto";
import { Metadata } from "@grpc/grpc-js";
import type { Logger } from "pino";
import {
  ChangeAction,
  ChangeDataType,
  ChangeEvent,
  WatchChangesRequest,
} from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import { FanOut, type FanOutSubscription } from "../../../services/kit/events/fan-out.js";
import type { DomainTransport } from "../engine/domain-transport.js";

const WATCH_PATH = "/m3.annotation.v1.ChangeEventService/WatchChanges";
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
 * The annotation changes, followed through the annotation service's WatchChanges stream and
 * handed to every server-sent-events client through a bounded queue each. The stream is watched
 * again whenever it ends (the service restarted or drained), after a growing pause. The last
 * changes are kept so a client reconnecting with Last-Event-ID gets what it missed, if this
 * gateway still has it.
 */
export class ChangeFeed {
  private readonly fanOut: FanOut<FedChange>;
  private readonly recent: FedChange[] = [];
  private readonly feedId = randomBytes(4).toString("hex");
  private sequence = 0;
  private stopped = false;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly transport: DomainTransport,
    private readonly logger: Logger,
    queueLimit: number,
  ) {
    this.fanOut = new FanOut(queueLimit);
    void this.follow();
  }

  /** A subscription from now on, preceded by the kept changes after `lastEventId` when it names one of them. */
  subscribe(lastEventId: string | undefined): {
    missed: FedChange[];
    subscription: FanOutSubscription<FedChange>;
  } {
    return { missed: this.missedSince(lastEventId), subscription: this.fanOut.subscribe() };
  }

  close(): void {
    this.stopped = true;
    this.cancel?.();
  }

  private missedSince(lastEventId: string | undefined): FedChange[] {
    const [feed, sequence] = (lastEventId ?? "").split(".");
    if (feed !== this.feedId || sequence === undefined) return [];
    const after = Number(sequence);
    return this.recent.filter((change) => Number(change.id.split(".")[1]) > after);
  }

  private async follow(): Promise<void> {
    let pause = RETRY_FIRST_MILLIS;
    while (!this.stopped) {
      const stream = this.transport.serverStream(WATCH_PATH, WatchChangesRequest.encode({}).finish(), {
        metadata: new Metadata(),
      });
      this.cancel = () => stream.cancel();
      try {
        for await (const bytes of stream) {
          pause = RETRY_FIRST_MILLIS;
          this.feed(ChangeEvent.decode(bytes));
        }
      } catch (error) {
        if (!this.stopped)
          this.logger.debug({ err: error }, "the annotation change stream ended; watching again");
      }
      if (this.stopped) return;
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      pause = Math.min(pause * 2, RETRY_MAX_MILLIS);
    }
  }

  private feed(event: ChangeEvent): void {
    const change: FedChange = {
      id: `${this.feedId}.${++this.sequence}`,
      json: JSON.stringify({
        action: ChangeAction[event.action].replace("CHANGE_ACTION_", ""),
        dataType: ChangeDataType[event.dataType].replace("CHANGE_DATA_TYPE_", ""),
        uuid: event.uuid,
      }),
    };
    this.recent.push(change);
    if (this.recent.length > REPLAY_WINDOW) this.recent.shift();
    this.fanOut.publish([change]);
  }
}
