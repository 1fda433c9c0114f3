import test from "ava";
import { createMedia, unique } from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, usePlatforms } from "../../support/e2e/test-platform.js";

const platform = usePlatforms(test, BACKENDS);

interface Video {
  uuid: string;
  name: string;
  start_timestamp: string;
  duration_millis?: number;
  description?: string;
  last_updated_time: string;
  video_references: { uuid: string; uri: string }[];
}

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/videos (form) creates a video with start or start_timestamp; create-or-get by name`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const name = unique("vid");
    const created = await http.post("/vam/v1/videos", {
      form: {
        name,
        video_sequence_uuid: media.video_sequence_uuid,
        start: "2020-02-02T00:00:00.123Z",
        start_timestamp: "1999-01-01T00:00:00Z",
        duration_millis: 1234,
        description: "dive",
      },
    });
    t.is(created.status, 200);
    t.like(created.json, {
      name,
      start_timestamp: "2020-02-02T00:00:00.123Z",
      duration_millis: 1234,
      description: "dive",
      video_references: [],
    });
    const again = await http.post("/vam/v1/videos", {
      form: {
        name,
        video_sequence_uuid: media.video_sequence_uuid,
        start_timestamp: "2020-02-02T00:00:00.123Z",
        duration_millis: 1234,
      },
    });
    t.is((again.json as Video).uuid, (created.json as Video).uuid);
    const missing = await http.post("/vam/v1/videos", { form: { name: unique("vid") } });
    t.is(missing.status, 400);
    const unknownSequence = await http.post("/vam/v1/videos", {
      form: {
        name: unique("vid"),
        video_sequence_uuid: "0190b8a4-0000-7000-8000-000000000000",
        start: "2020-01-01T00:00:00Z",
        duration_millis: 1000,
      },
    });
    t.is(unknownSequence.status, 404);
  });

  test(`${backend}: GET /v1/videos/{uuid}, /videoreference/{uuid}, /name/{name}, /lastupdate/{uuid}`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const video = (await http.get(`/vam/v1/videos/${media.video_uuid}`)).json as Video;
    t.like(video, { uuid: media.video_uuid, name: media.video_name, start_timestamp: media.start_timestamp });
    t.deepEqual((await http.get(`/vam/v1/videos/videoreference/${media.video_reference_uuid}`)).json, video);
    t.deepEqual((await http.get(`/vam/v1/videos/name/${media.video_name}`)).json, [video]);
    t.deepEqual((await http.get("/vam/v1/videos/name/no-such-video")).json, []);
    t.deepEqual((await http.get(`/vam/v1/videos/lastupdate/${media.video_uuid}`)).json, {
      timestamp: video.last_updated_time,
    });
    t.is((await http.get("/vam/v1/videos/0190b8a4-0000-7000-8000-000000000000")).status, 404);
    t.is((await http.get("/vam/v1/videos/videoreference/0190b8a4-0000-7000-8000-000000000000")).status, 404);
  });

  test(`${backend}: GET /v1/videos/videosequence/{uuid}, /videosequence/name/{name}, /names/videosequence/{name}`, async (t) => {
    const { http } = platform(backend);
    const late = await createMedia(http, { start_timestamp: "2020-01-02T00:00:00Z" });
    const early = await createMedia(http, {
      video_sequence_name: late.video_sequence_name,
      start_timestamp: "2020-01-01T00:00:00Z",
    });
    const byUuid = (await http.get(`/vam/v1/videos/videosequence/${late.video_sequence_uuid}`))
      .json as Video[];
    t.deepEqual(
      byUuid.map((video) => video.uuid),
      [early.video_uuid, late.video_uuid],
    );
    const byName = (await http.get(`/vam/v1/videos/videosequence/name/${late.video_sequence_name}`))
      .json as Video[];
    t.deepEqual(byName, byUuid);
    t.deepEqual(
      (await http.get(`/vam/v1/videos/names/videosequence/${late.video_sequence_name}`)).json,
      [early.video_name, late.video_name].sort(),
    );
    t.deepEqual((await http.get("/vam/v1/videos/names/videosequence/none-such")).json, []);
    t.is((await http.get("/vam/v1/videos/videosequence/name/none-such")).status, 404);
  });

  test(`${backend}: GET /v1/videos/timestamp/{t} and /timestamp/{start}/{end} accept the four timestamp forms`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http, {
      start_timestamp: "2015-03-03T03:00:00Z",
      duration_millis: 600_000,
    });
    for (const instant of [
      "2015-03-03T03:05:00Z",
      "20150303T030500Z",
      "20150303T030500.000Z",
      "20150303T030500.000000Z",
    ]) {
      const covering = (await http.get(`/vam/v1/videos/timestamp/${instant}`)).json as Video[];
      t.true(
        covering.some((video) => video.uuid === media.video_uuid),
        instant,
      );
    }
    const range = (await http.get("/vam/v1/videos/timestamp/20150303T025959Z/2015-03-03T03:00:00Z"))
      .json as Video[];
    t.true(range.some((video) => video.uuid === media.video_uuid));
    const outside = (await http.get("/vam/v1/videos/timestamp/2015-03-03T03:00:01Z/2015-03-03T04:00:00Z"))
      .json as Video[];
    t.false(outside.some((video) => video.uuid === media.video_uuid));
    t.is((await http.get("/vam/v1/videos/timestamp/noon")).status, 400);
  });

  test(`${backend}: GET /v1/videos pages with limit and offset in start order`, async (t) => {
    const { http } = platform(backend);
    for (let i = 0; i < 3; i++) await createMedia(http);
    const all = (await http.get("/vam/v1/videos?limit=5000")).json as Video[];
    t.deepEqual(
      all.map((video) => video.start_timestamp),
      all.map((video) => video.start_timestamp).sort(),
    );
    const page = (await http.get("/vam/v1/videos?limit=2&offset=1")).json as Video[];
    t.is(page.length, 2);
    t.is((await http.get("/vam/v1/videos?offset=-1")).status, 400);
  });

  test(`${backend}: PUT /v1/videos/{uuid} updates by form and JSON and moves between sequences`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const target = await createMedia(http);
    const byForm = await http.put(`/vam/v1/videos/${media.video_uuid}`, {
      form: { description: "updated", duration_millis: 42, video_sequence_uuid: target.video_sequence_uuid },
    });
    t.is(byForm.status, 200);
    t.like(byForm.json, { description: "updated", duration_millis: 42 });
    const sequence = (await http.get(`/vam/v1/videosequences/videoreference/${media.video_reference_uuid}`))
      .json as {
      uuid: string;
    };
    t.is(sequence.uuid, target.video_sequence_uuid);
    const byJson = await http.put(`/vam/v1/videos/${media.video_uuid}`, {
      json: { start_timestamp: "2011-11-11T11:11:11.111111Z" },
    });
    t.is((byJson.json as Video).start_timestamp, "2011-11-11T11:11:11.111111Z");
    t.is(
      (await http.put(`/vam/v1/videos/${media.video_uuid}`, { form: { duration_millis: "long" } })).status,
      400,
    );
    t.is(
      (await http.put("/vam/v1/videos/0190b8a4-0000-7000-8000-000000000000", { form: { name: "x" } })).status,
      404,
    );
  });

  test(`${backend}: DELETE /v1/videos/{uuid} answers 204 and removes its references`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    t.is((await http.delete(`/vam/v1/videos/${media.video_uuid}`)).status, 204);
    t.is((await http.get(`/vam/v1/videoreferences/${media.video_reference_uuid}`)).status, 404);
    t.is((await http.get(`/vam/v1/videosequences/${media.video_sequence_uuid}`)).status, 200);
    t.is((await http.delete(`/vam/v1/videos/${media.video_uuid}`)).status, 404);
  });
}
