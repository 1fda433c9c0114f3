import { randomUUID } from "node:crypto";
import test from "ava";
import { BACKENDS, usePlatforms } from "../../support/e2e/test-platform.js";

const platformOf = usePlatforms(test);

for (const backend of BACKENDS) {
  test(`${backend}: a page over 10,000 is a 400 naming the limit, on every domain that pages`, async (t) => {
    const { http } = platformOf(backend);
    for (const path of [
      "/vam/v1/videos",
      "/kb/v1/references",
      `/anno/v1/annotations/videoreference/${randomUUID()}`,
    ]) {
      const within = await http.get(`${path}?limit=10000`);
      t.not(within.status, 400, path);
      const beyond = await http.get(`${path}?limit=10001`);
      t.is(beyond.status, 400, path);
      t.like(beyond.json, { message: "limit must be at most 10000", responseCode: 400 });
    }
  });

  test(`${backend}: a bulk write of over 10,000 items is a 400 and creates nothing`, async (t) => {
    const { http } = platformOf(backend);
    const video = randomUUID();
    const item = {
      video_reference_uuid: video,
      concept: "Nanomia",
      observer: "limits",
      elapsed_time_millis: 1,
    };
    const reply = await http.post("/anno/v1/annotations/bulk", {
      auth: true,
      json: Array.from({ length: 10_001 }, () => item),
    });
    t.is(reply.status, 400);
    t.like(reply.json, { message: "request body holds more than 10000 items", responseCode: 400 });
    const stored = await http.get(`/anno/v1/annotations/videoreference/${video}`);
    t.deepEqual(stored.json, []);
  });

  test(`${backend}: a body over 10 MiB is a 413`, async (t) => {
    const { http } = platformOf(backend);
    const reply = await http.post("/vam/v1/videosequences", {
      auth: true,
      json: { name: "x".repeat(11 * 1024 * 1024), camera_id: "cam" },
    });
    t.is(reply.status, 413);
    t.like(reply.json, { responseCode: 413 });
  });
}
