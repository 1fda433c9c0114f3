import test from "ava";
import { createMedia, unique } from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, usePlatforms } from "../../support/e2e/test-platform.js";

const platform = usePlatforms(test, BACKENDS);

interface Sequence {
  uuid: string;
  name: string;
  camera_id: string;
  description?: string;
  last_updated_time: string;
  videos: { uuid: string; name: string; video_references: { uuid: string }[] }[];
}

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/videosequences creates (form or JSON) and is create-or-get by name`, async (t) => {
    const { http } = platform(backend);
    const name = unique("seq");
    const created = await http.post("/vam/v1/videosequences", {
      form: { name, camera_id: "cam-1", description: "d" },
    });
    t.is(created.status, 200);
    const sequence = created.json as Sequence;
    t.like(sequence, { name, camera_id: "cam-1", description: "d", videos: [] });
    t.regex(sequence.last_updated_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3}|\.\d{6})?Z$/);
    const again = await http.post("/vam/v1/videosequences", { json: { name, camera_id: "other" } });
    t.deepEqual(again.json, created.json);
    const jsonCreated = await http.post("/vam/v1/videosequences", {
      json: { name: unique("seq"), cameraId: "cam-2" },
    });
    t.is(jsonCreated.status, 200);
    t.is((jsonCreated.json as Sequence).camera_id, "cam-2");
    const missing = await http.post("/vam/v1/videosequences", { form: { name: unique("seq") } });
    t.is(missing.status, 400);
    t.regex((missing.json as { message: string }).message, /camera_id/);
  });

  test(`${backend}: GET /v1/videosequences/{uuid}, /name/{name}, /videoreference/{uuid} return the sequence with videos`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    for (const path of [
      `/vam/v1/videosequences/${media.video_sequence_uuid}`,
      `/vam/v1/videosequences/name/${media.video_sequence_name}`,
      `/vam/v1/videosequences/videoreference/${media.video_reference_uuid}`,
    ]) {
      const reply = await http.get(path);
      t.is(reply.status, 200, path);
      const sequence = reply.json as Sequence;
      t.is(sequence.uuid, media.video_sequence_uuid);
      t.is(sequence.videos[0]?.video_references[0]?.uuid, media.video_reference_uuid);
    }
    t.deepEqual((await http.get("/vam/v1/videosequences/name/no-such-name")).json, {
      message: "Not found",
      responseCode: 404,
    });
    t.is((await http.get("/vam/v1/videosequences/0190b8a4-0000-7000-8000-000000000000")).status, 404);
    t.is(
      (await http.get("/vam/v1/videosequences/videoreference/0190b8a4-0000-7000-8000-000000000000")).status,
      404,
    );
  });

  test(`${backend}: names, names by camera, cameras and names/empty list sorted strings`, async (t) => {
    const { http } = platform(backend);
    const camera = unique("cam");
    const b = await createMedia(http, { camera_id: camera, video_sequence_name: `${camera}-b` });
    const a = await createMedia(http, { camera_id: camera, video_sequence_name: `${camera}-a` });
    const empty = unique("empty");
    await http.post("/vam/v1/videosequences", { form: { name: empty, camera_id: camera } });
    t.deepEqual(
      (await http.get(`/vam/v1/videosequences/names/camera/${camera}`)).json,
      [`${camera}-a`, `${camera}-b`, empty].sort(),
    );
    const names = (await http.get("/vam/v1/videosequences/names")).json as string[];
    t.true(names.includes(a.video_sequence_name) && names.includes(b.video_sequence_name));
    t.deepEqual(names, [...names].sort());
    const cameras = (await http.get("/vam/v1/videosequences/cameras")).json as string[];
    t.true(cameras.includes(camera));
    t.deepEqual(cameras, [...new Set(cameras)].sort());
    const emptyNames = (await http.get("/vam/v1/videosequences/names/empty")).json as string[];
    t.true(emptyNames.includes(empty));
    t.false(emptyNames.includes(a.video_sequence_name));
  });

  test(`${backend}: GET /v1/videosequences/camera/{id} and /camera/{id}/{timestamp} list a camera's sequences`, async (t) => {
    const { http } = platform(backend);
    const camera = unique("cam");
    const media = await createMedia(http, {
      camera_id: camera,
      start_timestamp: "2019-05-05T10:00:00Z",
      duration_millis: 600_000,
    });
    const byCamera = (await http.get(`/vam/v1/videosequences/camera/${camera}`)).json as Sequence[];
    t.deepEqual(
      byCamera.map((sequence) => sequence.uuid),
      [media.video_sequence_uuid],
    );
    const atMidpoint = (await http.get(`/vam/v1/videosequences/camera/${camera}/20190505T100500Z`))
      .json as Sequence[];
    t.deepEqual(
      atMidpoint.map((sequence) => sequence.uuid),
      [media.video_sequence_uuid],
    );
    t.deepEqual((await http.get(`/vam/v1/videosequences/camera/${camera}/2019-05-05T12:00:00Z`)).json, []);
  });

  // Serial (ava runs serial tests before the others): it compares a page with the whole list read
  // before, which a sequence created meanwhile by a test running alongside would shift.
  test.serial(`${backend}: GET /v1/videosequences pages with limit and offset in name order`, async (t) => {
    const { http } = platform(backend);
    for (let i = 0; i < 3; i++) await createMedia(http);
    const all = (await http.get("/vam/v1/videosequences?limit=1000")).json as Sequence[];
    t.true(all.length >= 3);
    t.deepEqual(
      all.map((sequence) => sequence.name),
      all.map((sequence) => sequence.name).sort(),
    );
    const page = (await http.get("/vam/v1/videosequences?limit=2&offset=1")).json as Sequence[];
    t.deepEqual(
      page.map((sequence) => sequence.uuid),
      all.slice(1, 3).map((sequence) => sequence.uuid),
    );
    t.is((await http.get("/vam/v1/videosequences?limit=ten")).status, 400);
  });

  test(`${backend}: PUT /v1/videosequences/{uuid} updates and bumps lastupdate; 404 and 409 otherwise`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const before = (await http.get(`/vam/v1/videosequences/lastupdate/${media.video_sequence_uuid}`))
      .json as {
      timestamp: string;
    };
    const newName = unique("renamed");
    const updated = await http.put(`/vam/v1/videosequences/${media.video_sequence_uuid}`, {
      json: { name: newName, description: "new" },
    });
    t.is(updated.status, 200);
    t.like(updated.json, { name: newName, description: "new", camera_id: media.camera_id });
    const after = (await http.get(`/vam/v1/videosequences/lastupdate/${media.video_sequence_uuid}`)).json as {
      timestamp: string;
    };
    t.true(Date.parse(after.timestamp) >= Date.parse(before.timestamp));
    t.not(after.timestamp, before.timestamp);
    const byForm = await http.put(`/vam/v1/videosequences/${media.video_sequence_uuid}`, {
      form: { camera_id: "c2" },
    });
    t.like(byForm.json, { name: newName, camera_id: "c2" });

    const other = await createMedia(http);
    const clash = await http.put(`/vam/v1/videosequences/${other.video_sequence_uuid}`, {
      form: { name: newName },
    });
    t.is(clash.status, 409);
    t.is(
      (await http.put("/vam/v1/videosequences/0190b8a4-0000-7000-8000-000000000000", { form: { name: "x" } }))
        .status,
      404,
    );
    t.is(
      (await http.get("/vam/v1/videosequences/lastupdate/0190b8a4-0000-7000-8000-000000000000")).status,
      404,
    );
  });

  test(`${backend}: DELETE /v1/videosequences/{uuid} answers 204 and cascades to videos and references`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const reply = await http.delete(`/vam/v1/videosequences/${media.video_sequence_uuid}`);
    t.is(reply.status, 204);
    t.is(reply.text, "");
    t.is((await http.get(`/vam/v1/videos/${media.video_uuid}`)).status, 404);
    t.is((await http.get(`/vam/v1/videoreferences/${media.video_reference_uuid}`)).status, 404);
    t.is((await http.delete(`/vam/v1/videosequences/${media.video_sequence_uuid}`)).status, 404);
  });
}
