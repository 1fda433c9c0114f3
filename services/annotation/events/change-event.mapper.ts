import {
  ChangeAction,
  ChangeDataType,
  type ChangeEvent as ChangeEventMessage,
} from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import type { ChangeEvent } from "./change-event.js";

export function toChangeEventMessage(event: ChangeEvent): ChangeEventMessage {
  return {
    action: ChangeAction[`CHANGE_ACTION_${event.action}`],
    dataType: ChangeDataType[`CHANGE_DATA_TYPE_${event.dataType}`],
    uuid: event.uuid,
  };
}
