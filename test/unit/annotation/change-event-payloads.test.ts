import test from "ava";
import { ChangeAction, ChangeDataType } from "../../../proto/gen/m3/annotation/v1/change_event_service.js";
import { readChangeEventSettings } from "../../../services/annotation/config.js";
import { changeNoticeJson } from "../../../services/annotation/events/change-event.js";
import { toChangeEventMessage } from "../../../services/annotation/events/change-event.mapper.js";
import {
  legacyAnnotationJson,
  legacyAssociationJson,
} from "../../../services/annotation/events/legacy-payloads.js";

const stamp = { seconds: 1_700_000_000, nanos: 123_000_000 };

test("the NATS notice is annosaurus's: action, dataType, uuid in that order", (t) => {
  t.is(
    changeNoticeJson({ action: "DELETED", dataType: "ASSOCIATION", uuid: "u-1" }),
    '{"action":"DELETED","dataType":"ASSOCIATION","uuid":"u-1"}',
  );
});

test("the gRPC message names the action and the record's kind by their enum values", (t) => {
  t.deepEqual(toChangeEventMessage({ action: "UPDATED", dataType: "ANCILLARY_DATUM", uuid: "u-2" }), {
    action: ChangeAction.CHANGE_ACTION_UPDATED,
    dataType: ChangeDataType.CHANGE_DATA_TYPE_ANCILLARY_DATUM,
    uuid: "u-2",
  });
});

test("the ZeroMQ annotation body is camelCase, absent fields left out, lists kept, instants in ISO-8601", (t) => {
  const body = JSON.parse(
    legacyAnnotationJson({
      activity: undefined,
      ancillaryData: undefined,
      associations: [
        {
          uuid: "a-1",
          linkName: "eating",
          toConcept: "self",
          linkValue: "nil",
          mimeType: "text/plain",
          lastUpdatedTime: stamp,
          observationUuid: undefined,
          imagedMomentUuid: undefined,
        },
      ],
      concept: "Nanomia",
      durationMillis: undefined,
      elapsedTimeMillis: 1500,
      group: undefined,
      imagedMomentUuid: "m-1",
      imageReferences: [],
      observationTimestamp: stamp,
      observationUuid: "o-1",
      observer: "brian",
      recordedTimestamp: undefined,
      timecode: undefined,
      videoReferenceUuid: "v-1",
      lastUpdated: stamp,
    }),
  );
  t.deepEqual(body, {
    associations: [
      {
        uuid: "a-1",
        linkName: "eating",
        toConcept: "self",
        linkValue: "nil",
        mimeType: "text/plain",
        lastUpdated: "2023-11-14T22:13:20.123Z",
      },
    ],
    concept: "Nanomia",
    elapsedTimeMillis: 1500,
    imagedMomentUuid: "m-1",
    imageReferences: [],
    observationTimestamp: "2023-11-14T22:13:20.123Z",
    observationUuid: "o-1",
    observer: "brian",
    videoReferenceUuid: "v-1",
    lastUpdated: "2023-11-14T22:13:20.123Z",
  });
});

test("the ZeroMQ association body carries its owners and its stamp as lastUpdated", (t) => {
  const body = JSON.parse(
    legacyAssociationJson({
      uuid: "a-2",
      linkName: "size",
      toConcept: undefined,
      linkValue: "12 cm",
      mimeType: "text/plain",
      lastUpdatedTime: stamp,
      observationUuid: "o-2",
      imagedMomentUuid: "m-2",
    }),
  );
  t.deepEqual(body, {
    uuid: "a-2",
    linkName: "size",
    linkValue: "12 cm",
    mimeType: "text/plain",
    observationUuid: "o-2",
    imagedMomentUuid: "m-2",
    lastUpdated: "2023-11-14T22:13:20.123Z",
  });
});

test("NATS and ZeroMQ are off unless their setting is given; annosaurus's defaults otherwise", (t) => {
  t.deepEqual(readChangeEventSettings({}), { queueLimit: 10_000, nats: undefined, zeroMq: undefined });
  t.deepEqual(
    readChangeEventSettings({ M3_EVENTS_NATS_URL: "nats://nats:4222", M3_EVENTS_ZEROMQ_PORT: "5563" }),
    {
      queueLimit: 10_000,
      nats: { url: "nats://nats:4222", subject: "vars" },
      zeroMq: { host: "*", port: 5563, topic: "vars" },
    },
  );
  t.throws(() => readChangeEventSettings({ M3_EVENTS_ZEROMQ_PORT: "70000" }), {
    message: /M3_EVENTS_ZEROMQ_PORT/,
  });
  t.throws(() => readChangeEventSettings({ M3_EVENTS_QUEUE_LIMIT: "0" }), {
    message: /M3_EVENTS_QUEUE_LIMIT/,
  });
});
