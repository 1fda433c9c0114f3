import type { ChangeEventServiceService } from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import { SubscriberTooSlowError } from "../../kit/events/fan-out.js";
import type { ServiceHandlers } from "../../kit/grpc/bind-service.js";
import { toChangeEventMessage } from "./change-event.mapper.js";
import { recordCutOff } from "./change-event-metrics.js";
import type { ChangeHub } from "./change-hub.js";

/** Changes per WatchChanges message: a 100,000-row bulk write goes out in messages of ~50 KB. */
const EVENTS_PER_MESSAGE = 1000;

export function changeEventHandlers(hub: ChangeHub): ServiceHandlers<typeof ChangeEventServiceService> {
  return {
    watchChanges: async function* (_request, ctx) {
      const subscription = hub.watch();
      ctx.signal.addEventListener("abort", () => subscription.close(), { once: true });
      try {
        for await (const batch of subscription.batches(EVENTS_PER_MESSAGE)) {
          yield { events: batch.map(toChangeEventMessage) };
        }
      } catch (error) {
        if (error instanceof SubscriberTooSlowError) {
          recordCutOff("grpc");
          throw new DomainError("RESOURCE_EXHAUSTED", "SUBSCRIBER_TOO_SLOW", error.message);
        }
        throw error;
      }
    },
  };
}
