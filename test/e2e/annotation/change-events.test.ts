import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import test from "ava";
import {
  type AnnotationHttpStack,
  startAnnotationHttpStack,
} from "../../support/annotation/annotation-http-stack.js";
import { SseReader } from "../../support/events/sse-reader.js";

let stack: AnnotationHttpStack;
test.before(async () => {
  stack = await startAnnotationHttpStack("sqlite");
});
test.after.always(() => stack?.stop());

const notices = (events: { data: string }[]) => events.map((event) => JSON.parse(event.data));

async function subscribe(): Promise<SseReader> {
  const reader = new SseReader(`${stack.baseUrl}/anno/v1/events`);
  const response = await reader.opened;
  if (!response.headers.get("content-type")?.startsWith("text/event-stream"))
    throw new Error("not an event stream");
  return reader;
}

test.serial(
  "GET /anno/v1/events streams a notice per committed create, update and delete of each kind",
  async (t) => {
    const reader = await subscribe();
    const { http } = stack;
    const video = randomUUID();
    const created = await http.post("/anno/v1/annotations", {
      json: { video_reference_uuid: video, concept: "Nanomia", observer: "t", timecode: "00:00:01:00" },
    });
    t.is(created.status, 200);
    const observation = (created.json as { observation_uuid: string }).observation_uuid;
    const moment = (created.json as { imaged_moment_uuid: string }).imaged_moment_uuid;
    const association = await http.post("/anno/v1/associations", {
      json: { observation_uuid: observation, link_name: "eating", to_concept: "self", link_value: "nil" },
    });
    t.is(association.status, 200);
    const image = await http.post("/anno/v1/images", {
      json: {
        video_reference_uuid: video,
        url: `http://example.org/${randomUUID()}.png`,
        timecode: "00:00:01:00",
      },
    });
    t.is(image.status, 200);
    const datum = await http.post("/anno/v1/ancillarydata", {
      json: { imaged_moment_uuid: moment, latitude: 36.8, longitude: -122 },
    });
    t.is(datum.status, 200);
    const associationUuid = (association.json as { uuid: string }).uuid;
    const imageUuid = (image.json as { image_reference_uuid: string }).image_reference_uuid;
    const datumUuid = (datum.json as { uuid: string }).uuid;
    t.is(
      (await http.put(`/anno/v1/annotations/${observation}`, { json: { concept: "Apolemia" } })).status,
      200,
    );
    t.is((await http.delete(`/anno/v1/associations/${associationUuid}`)).status, 204);

    const events = await reader.take(6);
    reader.close();
    t.deepEqual(notices(events), [
      { action: "CREATED", dataType: "OBSERVATION", uuid: observation },
      { action: "CREATED", dataType: "ASSOCIATION", uuid: associationUuid },
      { action: "CREATED", dataType: "IMAGE_REFERENCE", uuid: imageUuid },
      { action: "CREATED", dataType: "ANCILLARY_DATUM", uuid: datumUuid },
      { action: "UPDATED", dataType: "OBSERVATION", uuid: observation },
      { action: "DELETED", dataType: "ASSOCIATION", uuid: associationUuid },
    ]);
    t.true(events.every((event) => typeof event.id === "string"));
  },
);

test.serial("a refused write publishes nothing; the next committed one is the next event", async (t) => {
  const reader = await subscribe();
  const { http } = stack;
  const refused = await http.post("/anno/v1/associations", {
    json: { observation_uuid: randomUUID(), link_name: "eating", to_concept: "self", link_value: "nil" },
  });
  t.is(refused.status, 404);
  const created = await http.post("/anno/v1/annotations", {
    json: { video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t", timecode: "00:00:02:00" },
  });
  const observation = (created.json as { observation_uuid: string }).observation_uuid;
  t.deepEqual(notices(await reader.take(1)), [
    { action: "CREATED", dataType: "OBSERVATION", uuid: observation },
  ]);
  reader.close();
});

test.serial("deleting an imaged moment publishes the delete of everything on it", async (t) => {
  const { http } = stack;
  const video = randomUUID();
  const created = await http.post("/anno/v1/annotations", {
    json: { video_reference_uuid: video, concept: "Nanomia", observer: "t", timecode: "00:00:03:00" },
  });
  const { observation_uuid: observation, imaged_moment_uuid: moment } = created.json as {
    observation_uuid: string;
    imaged_moment_uuid: string;
  };
  const reader = await subscribe();
  t.is((await http.delete(`/anno/v1/imagedmoments/${moment}`)).status, 204);
  t.deepEqual(notices(await reader.take(1)), [
    { action: "DELETED", dataType: "OBSERVATION", uuid: observation },
  ]);
  reader.close();
});

test.serial("a reconnecting client with Last-Event-ID gets the changes it missed", async (t) => {
  const first = await subscribe();
  const { http } = stack;
  const create = async () =>
    (
      (
        await http.post("/anno/v1/annotations", {
          json: { video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t" },
        })
      ).json as { observation_uuid: string }
    ).observation_uuid;
  await create();
  const [seen] = await first.take(1);
  first.close();
  const missed = await create();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const again = new SseReader(`${stack.baseUrl}/anno/v1/events`, { "Last-Event-ID": seen?.id ?? "" });
  await again.opened;
  t.deepEqual(notices(await again.take(1)), [{ action: "CREATED", dataType: "OBSERVATION", uuid: missed }]);
  again.close();
});

test.serial("a client that never reads holds up neither the writes nor the other clients", async (t) => {
  const { port } = new URL(stack.baseUrl);
  const stalled = connect(Number(port), "127.0.0.1");
  stalled.pause();
  stalled.write("GET /anno/v1/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n");
  const reader = await subscribe();
  const video = randomUUID();
  const writes = 200;
  const statuses = await Promise.all(
    Array.from({ length: writes }, (_, index) =>
      stack.http
        .post("/anno/v1/annotations", {
          json: {
            video_reference_uuid: video,
            concept: "Nanomia",
            observer: "t",
            elapsed_time_millis: index,
          },
        })
        .then((reply) => reply.status),
    ),
  );
  t.deepEqual(new Set(statuses), new Set([200]));
  const events = await reader.take(writes);
  reader.close();
  stalled.destroy();
  t.is(events.length, writes);
});

test.serial(
  "a bulk create publishes one notice per record; deleting the video's annotations, one per record deleted",
  async (t) => {
    const reader = await subscribe();
    const { http } = stack;
    const video = randomUUID();
    const items = [1000, 2000, 3000].map((elapsed) => ({
      video_reference_uuid: video,
      concept: "Nanomia",
      observer: "t",
      elapsed_time_millis: elapsed,
      associations: [{ link_name: "eating", to_concept: "self", link_value: "nil" }],
    }));
    const created = await http.post("/anno/v1/annotations/bulk", { json: items });
    t.is(created.status, 200);
    const annotations = created.json as { observation_uuid: string; associations: { uuid: string }[] }[];
    const observations = annotations.map((annotation) => annotation.observation_uuid).sort();
    const associations = annotations
      .flatMap((annotation) => annotation.associations.map((a) => a.uuid))
      .sort();
    const createdNotices = notices(await reader.take(6));
    const uuidsOf = (
      list: { action: string; dataType: string; uuid: string }[],
      action: string,
      type: string,
    ) =>
      list
        .filter((notice) => notice.action === action && notice.dataType === type)
        .map((notice) => notice.uuid)
        .sort();
    t.deepEqual(uuidsOf(createdNotices, "CREATED", "OBSERVATION"), observations);
    t.deepEqual(uuidsOf(createdNotices, "CREATED", "ASSOCIATION"), associations);
    t.is((await http.delete(`/anno/v1/fast/videoreference/${video}`)).status, 200);
    const deletedNotices = notices(await reader.take(6));
    reader.close();
    t.deepEqual(uuidsOf(deletedNotices, "DELETED", "OBSERVATION"), observations);
    t.deepEqual(uuidsOf(deletedNotices, "DELETED", "ASSOCIATION"), associations);
  },
);

test.serial("/metrics counts the changes published and the SSE clients connected", async (t) => {
  const reader = await subscribe();
  const reply = await stack.http.post("/anno/v1/annotations", {
    json: { video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t" },
  });
  t.is(reply.status, 200);
  await reader.take(1);
  const metrics = (await stack.http.get("/metrics")).text;
  reader.close();
  const value = (series: string) => Number(new RegExp(`^${series} (\\S+)$`, "m").exec(metrics)?.[1]);
  t.true(value('m3_change_events_total{action="CREATED",data_type="OBSERVATION"}') >= 1);
  t.true(value("m3_sse_clients") >= 1);
  t.is(value('m3_change_event_watchers_cut_off_total{watcher="grpc"}'), 0);
});
