import type { Logger } from "pino";
import {
  ChangeAction,
  ChangeDataType,
  type ChangeEvent,
  ChangeEventBatch,
  WatchChangesRequest,
} from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import { NatsLink } from "../../../services/kit/events/nats-link.js";
import type { DomainTransport } from "../engine/domain-transport.js";

/**
 * One opened stream of change notices (`{"action","dataType","uuid"}` JSON), until it ends or is
 * cancelled, a batch (one or more transactions' changes) at a time.
 */
export interface ChangeStream {
  notices: AsyncIterable<string[]>;
  cancel(): void;
}

/** Where the gateway's changes come from; each open() follows it anew. */
export interface ChangeSource {
  open(): ChangeStream;
  close(): Promise<void>;
}

const WATCH_PATH = "/m3.annotation.v1.ChangeEventService/WatchChanges";

/** The annotation service's WatchChanges stream: one annotation process's changes. */
export function grpcChangeSource(transport: DomainTransport): ChangeSource {
  return {
    open() {
      const stream = transport.serverStream(WATCH_PATH, WatchChangesRequest.encode({}).finish(), {
        metadata: {},
      });
      return { notices: noticesOf(stream), cancel: () => stream.cancel() };
    },
    close: async () => {},
  };
}

async function* noticesOf(stream: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  for await (const bytes of stream) yield ChangeEventBatch.decode(bytes).events.map(noticeJson);
}

function noticeJson(event: ChangeEvent): string {
  return JSON.stringify({
    action: ChangeAction[event.action].replace("CHANGE_ACTION_", ""),
    dataType: ChangeDataType[event.dataType].replace("CHANGE_DATA_TYPE_", ""),
    uuid: event.uuid,
  });
}

/**
 * The NATS subject every annotation process publishes to: the changes of all replicas. The
 * connection is made in the background and remade by the client itself.
 */
export function natsChangeSource(url: string, subject: string, logger: Logger): ChangeSource {
  const link = new NatsLink(url, "m3-gateway", logger);
  return {
    open() {
      let cancelled = false;
      let cancel = () => {
        cancelled = true;
      };
      const decoder = new TextDecoder();
      async function* notices(): AsyncGenerator<string[]> {
        const connection = await link.connection();
        if (!connection || cancelled) return;
        const subscription = connection.subscribe(subject);
        cancel = () => subscription.unsubscribe();
        for await (const message of subscription) yield [decoder.decode(message.data)];
      }
      return { notices: notices(), cancel: () => cancel() };
    },
    close: () => link.close(),
  };
}
