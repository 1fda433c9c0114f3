import { ChangeEventServiceService } from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Watching is a read: open, as annosaurus's ZeroMQ and NATS feeds are. */
export const CHANGE_EVENT_ACCESS = declareAccess(ChangeEventServiceService, {
  watchChanges: "none",
});
