/**
 * One committed change of one annotation record, in the words annosaurus's NATS messages use:
 * `{"action":"CREATED","dataType":"OBSERVATION","uuid":"…"}`. annosaurus names observations and
 * associations; m3 adds image references and ancillary data under the same scheme.
 */
export const CHANGE_ACTIONS = ["CREATED", "UPDATED", "DELETED"] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const CHANGE_DATA_TYPES = [
  "OBSERVATION",
  "ASSOCIATION",
  "IMAGE_REFERENCE",
  "ANCILLARY_DATUM",
] as const;
export type ChangeDataType = (typeof CHANGE_DATA_TYPES)[number];

export interface ChangeEvent {
  action: ChangeAction;
  dataType: ChangeDataType;
  uuid: string;
}

/** The notice's JSON, keys in annosaurus's order (what NATS and server-sent events carry). */
export function changeNoticeJson(event: ChangeEvent): string {
  return JSON.stringify({ action: event.action, dataType: event.dataType, uuid: event.uuid });
}
