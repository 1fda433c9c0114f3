import { randomUUID } from "node:crypto";
import test from "ava";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";
import { SseReader } from "../../support/events/sse-reader.js";

let platform: TestPlatform;
test.before(async () => {
  platform = await startTestPlatform("sqlite");
});
test.after.always(() => platform?.stop());

test("the all-in-one serves the annotation changes at /anno/v1/events", async (t) => {
  const reader = new SseReader(`${platform.http.baseUrl}/anno/v1/events`);
  await reader.opened;
  const created = await platform.http.post("/anno/v1/annotations", {
    json: { video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t", timecode: "00:00:01:00" },
  });
  t.is(created.status, 200);
  const [event] = await reader.take(1);
  reader.close();
  t.deepEqual(JSON.parse(event?.data ?? "null"), {
    action: "CREATED",
    dataType: "OBSERVATION",
    uuid: (created.json as { observation_uuid: string }).observation_uuid,
  });
});
