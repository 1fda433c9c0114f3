import test from "ava";
import {
  createMedia,
  type MediaRecord,
  mediaForm,
  sha512Hex,
  unique,
} from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, usePlatforms } from "../../support/e2e/test-platform.js";

const platform = usePlatforms(test, BACKENDS);

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/media (form) creates sequence, video and reference and returns the snake_case media`, async (t) => {
    const { http } = platform(backend);
    const form = mediaForm();
    const reply = await http.post("/vam/v1/media", { form });
    t.is(reply.status, 200);
    const media = reply.json as MediaRecord;
    t.like(media, {
      video_sequence_name: form.video_sequence_name,
      camera_id: form.camera_id,
      video_name: form.video_name,
      uri: form.uri,
      start_timestamp: "2020-01-01T00:00:00Z",
      duration_millis: 600000,
      container: "video/mp4",
      width: 1920,
      height: 1080,
      frame_rate: 29.97,
      size_bytes: 64185148974,
      sha512: form.sha512,
      description: "reference",
      video_description: "video",
      video_sequence_description: "sequence",
    });
    for (const key of ["video_sequence_uuid", "video_uuid", "video_reference_uuid"]) {
      t.regex(String(media[key]), /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  test(`${backend}: POST /v1/media (JSON, base64 sha512) is create-or-get by URI`, async (t) => {
    const { http } = platform(backend);
    const form = mediaForm();
    const digest = Buffer.from(String(form.sha512), "hex").toString("base64");
    const first = await http.post("/vam/v1/media", {
      json: { ...form, sha512: digest, duration_millis: 600000 },
    });
    t.is(first.status, 200);
    t.is((first.json as MediaRecord).sha512, String(form.sha512));
    const again = await http.post("/vam/v1/media", {
      json: { ...form, video_name: "ignored", description: "ignored" },
    });
    t.is(again.status, 200);
    t.deepEqual(again.json, first.json);
  });

  test(`${backend}: POST /v1/media keeps microseconds and leaves absent fields out`, async (t) => {
    const { http } = platform(backend);
    const id = unique("min");
    const reply = await http.post("/vam/v1/media", {
      form: {
        video_sequence_name: `seq-${id}`,
        camera_id: "cam",
        video_name: `vid-${id}`,
        uri: `http://example.org/${id}.mov`,
        start_timestamp: "20200101T000000.123456Z",
      },
    });
    t.is(reply.status, 200);
    const media = reply.json as MediaRecord;
    t.is(media.start_timestamp, "2020-01-01T00:00:00.123456Z");
    for (const absent of ["duration_millis", "sha512", "width", "container", "description"]) {
      t.false(absent in media, `${absent} should be left out`);
    }
  });

  test(`${backend}: POST /v1/media attaches a second file to the existing video of the same name and start`, async (t) => {
    const { http } = platform(backend);
    const first = await createMedia(http);
    const second = await createMedia(http, {
      video_sequence_name: first.video_sequence_name,
      camera_id: first.camera_id,
      video_name: first.video_name,
      uri: `${first.uri}.mov`,
      sha512: sha512Hex(unique("x")),
    });
    t.is(second.video_uuid, first.video_uuid);
    t.is(second.video_sequence_uuid, first.video_sequence_uuid);
    const video = await http.get(`/vam/v1/videos/${first.video_uuid}`);
    t.is((video.json as { video_references: unknown[] }).video_references.length, 2);
  });

  test(`${backend}: POST /v1/media answers 400 naming the missing fields and 409 for conflicts, writing nothing`, async (t) => {
    const { http } = platform(backend);
    const missing = await http.post("/vam/v1/media", { form: { uri: "http://example.org/only-uri.mp4" } });
    t.is(missing.status, 400);
    t.regex((missing.json as { message: string }).message, /video_sequence_name/);
    t.is(
      (await http.get(`/vam/v1/media/uri/${encodeURIComponent("http://example.org/only-uri.mp4")}`)).status,
      404,
    );

    const existing = await createMedia(http);
    const otherChecksum = await http.post("/vam/v1/media", {
      form: mediaForm({ uri: existing.uri, sha512: sha512Hex("other") }),
    });
    t.is(otherChecksum.status, 409);
    const otherStart = await http.post("/vam/v1/media", {
      form: mediaForm({ video_name: existing.video_name, start_timestamp: "2021-01-01T00:00:00Z" }),
    });
    t.is(otherStart.status, 409);
    t.deepEqual((otherStart.json as { responseCode: number }).responseCode, 409);

    const badTime = await http.post("/vam/v1/media", { form: mediaForm({ start_timestamp: "yesterday" }) });
    t.is(badTime.status, 400);
    t.regex((badTime.json as { message: string }).message, /start_timestamp/);
    const badNumber = await http.post("/vam/v1/media", { form: mediaForm({ width: "wide" }) });
    t.is(badNumber.status, 400);
    t.regex((badNumber.json as { message: string }).message, /width/);
  });

  test(`${backend}: GET /v1/media/videoreference/{uuid}, /sha512/{hex}, /uri/{uri} find one media or 404 JSON`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    t.deepEqual((await http.get(`/vam/v1/media/videoreference/${media.video_reference_uuid}`)).json, media);
    t.deepEqual((await http.get(`/vam/v1/media/sha512/${media.sha512}`)).json, media);
    t.deepEqual((await http.get(`/vam/v1/media/sha512/${String(media.sha512).toUpperCase()}`)).json, media);
    t.deepEqual((await http.get(`/vam/v1/media/uri/${encodeURIComponent(media.uri)}`)).json, media);

    const unknown = await http.get("/vam/v1/media/videoreference/0190b8a4-0000-7000-8000-000000000000");
    t.is(unknown.status, 404);
    t.deepEqual(unknown.json, { message: "Media not found", responseCode: 404 });
    t.is((await http.get(`/vam/v1/media/sha512/${sha512Hex("nothing")}`)).status, 404);
    t.is(
      (await http.get(`/vam/v1/media/uri/${encodeURIComponent("http://example.org/none.mp4")}`)).status,
      404,
    );
    const badUuid = await http.get("/vam/v1/media/videoreference/not-a-uuid");
    t.is(badUuid.status, 400);
    t.is((badUuid.json as { responseCode: number }).responseCode, 400);
  });

  test(`${backend}: GET /v1/media/videoreference/filename/{name} matches the end of the URI literally`, async (t) => {
    const { http } = platform(backend);
    const id = unique("file");
    const media = await createMedia(http, { uri: `http://example.org/a/${id}_x%.mp4` });
    await createMedia(http, { uri: `http://example.org/a/${id}_xy.mp4` });
    const reply = await http.get(
      `/vam/v1/media/videoreference/filename/${encodeURIComponent(`${id}_x%.mp4`)}`,
    );
    t.is(reply.status, 200);
    t.deepEqual(
      (reply.json as MediaRecord[]).map((item) => item.uri),
      [media.uri],
    );
    t.deepEqual((await http.get("/vam/v1/media/videoreference/filename/none-such.mp4")).json, []);
  });

  test(`${backend}: GET /v1/media/videosequence/{name} and /video/{name} list media ordered by start then uri`, async (t) => {
    const { http } = platform(backend);
    const first = await createMedia(http, { start_timestamp: "2020-01-02T00:00:00Z" });
    const earlier = await createMedia(http, {
      video_sequence_name: first.video_sequence_name,
      camera_id: first.camera_id,
      start_timestamp: "2020-01-01T00:00:00Z",
    });
    const sameVideo = await createMedia(http, {
      video_sequence_name: first.video_sequence_name,
      video_name: first.video_name,
      start_timestamp: "2020-01-02T00:00:00Z",
      uri: `${first.uri}.b`,
    });
    const bySequence = (await http.get(`/vam/v1/media/videosequence/${first.video_sequence_name}`))
      .json as MediaRecord[];
    t.deepEqual(
      bySequence.map((media) => media.uri),
      [earlier.uri, first.uri, sameVideo.uri],
    );
    const byVideo = (await http.get(`/vam/v1/media/video/${first.video_name}`)).json as MediaRecord[];
    t.deepEqual(
      byVideo.map((media) => media.uri),
      [first.uri, sameVideo.uri],
    );
    t.deepEqual((await http.get("/vam/v1/media/videosequence/no-such-sequence")).json, []);
    t.deepEqual((await http.get("/vam/v1/media/video/no-such-video")).json, []);
  });

  test(`${backend}: GET /v1/media/camera/{id}/{t} finds media covering t within the window, in ISO and compact forms`, async (t) => {
    const { http } = platform(backend);
    const camera = unique("cam");
    const media = await createMedia(http, {
      camera_id: camera,
      start_timestamp: "2020-06-01T00:00:00Z",
      duration_millis: 3_600_000,
    });
    await createMedia(http, {
      camera_id: camera,
      start_timestamp: "2020-06-02T00:00:00Z",
      duration_millis: 60_000,
    });
    for (const instant of [
      "2020-06-01T00:30:00Z",
      "20200601T003000Z",
      "20200601T003000.000Z",
      "2020-06-01T02:30:00+02:00",
    ]) {
      const reply = await http.get(`/vam/v1/media/camera/${camera}/${encodeURIComponent(instant)}`);
      t.is(reply.status, 200, instant);
      t.deepEqual(
        (reply.json as MediaRecord[]).map((item) => item.video_reference_uuid),
        [media.video_reference_uuid],
        instant,
      );
    }
    t.deepEqual((await http.get(`/vam/v1/media/camera/${camera}/2020-06-01T03:00:00Z`)).json, []);
    const bad = await http.get(`/vam/v1/media/camera/${camera}/not-a-time`);
    t.is(bad.status, 400);
  });

  test(`${backend}: GET /v1/media/camera/{id}/{start}/{end} lists media whose video starts in the range`, async (t) => {
    const { http } = platform(backend);
    const camera = unique("cam");
    const inRange = await createMedia(http, { camera_id: camera, start_timestamp: "2020-07-01T00:00:00Z" });
    await createMedia(http, { camera_id: camera, start_timestamp: "2020-08-01T00:00:00Z" });
    await createMedia(http, { start_timestamp: "2020-07-01T00:00:00Z" });
    const reply = await http.get(`/vam/v1/media/camera/${camera}/2020-07-01T00:00:00Z/20200702T000000Z`);
    t.deepEqual(
      (reply.json as MediaRecord[]).map((item) => item.video_reference_uuid),
      [inRange.video_reference_uuid],
    );
  });

  test(`${backend}: GET /v1/media/concurrent/{uuid} lists the refs of overlapping videos in the same sequence`, async (t) => {
    const { http } = platform(backend);
    const sequence = unique("seq");
    const overlapping: MediaRecord[] = [];
    for (let i = 0; i < 5; i++) {
      const start = new Date(Date.UTC(2020, 0, 1) + i * 100_000).toISOString();
      for (const copy of ["a", "b"]) {
        overlapping.push(
          await createMedia(http, {
            video_sequence_name: sequence,
            video_name: `${sequence}-${i}`,
            start_timestamp: start,
            duration_millis: 1_000_000,
            uri: `http://example.org/${sequence}/${i}-${copy}.mp4`,
          }),
        );
      }
      await createMedia(http, {
        video_sequence_name: sequence,
        video_name: `${sequence}-late-${i}`,
        start_timestamp: `20${40 + i}-01-01T00:00:00Z`,
        duration_millis: 1000,
      });
    }
    const reply = await http.get(`/vam/v1/media/concurrent/${overlapping[0]?.video_reference_uuid}`);
    t.is(reply.status, 200);
    t.deepEqual(
      (reply.json as MediaRecord[]).map((item) => item.uri).sort(),
      overlapping.map((item) => item.uri).sort(),
    );
  });

  test(`${backend}: PUT /v1/media/{uuid} applies only the fields present (form and JSON)`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const newUri = `${media.uri}.renamed`;
    const byForm = await http.put(`/vam/v1/media/${media.video_reference_uuid}`, {
      form: { uri: newUri, width: 640 },
    });
    t.is(byForm.status, 200);
    t.like(byForm.json, { uri: newUri, width: 640, height: 1080, video_name: media.video_name });
    const byJson = await http.put(`/vam/v1/media/${media.video_reference_uuid}`, {
      json: {
        video_reference_uuid: "ignored",
        start_timestamp: "2020-01-01T00:00:00.5Z",
        duration_millis: 5000,
      },
    });
    t.is(byJson.status, 200);
    t.like(byJson.json, { start_timestamp: "2020-01-01T00:00:00.500Z", duration_millis: 5000, uri: newUri });
    const unknown = await http.put("/vam/v1/media/0190b8a4-0000-7000-8000-000000000000", {
      form: { width: 1 },
    });
    t.is(unknown.status, 404);
  });

  test(`${backend}: PUT /v1/media locates the media by sha512 and moves it to a new video and sequence`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const moved = await http.put("/vam/v1/media", {
      form: {
        sha512: String(media.sha512),
        video_sequence_name: unique("seq"),
        camera_id: "cam-new",
        video_name: unique("vid"),
        start_timestamp: "2022-02-02T00:00:00Z",
      },
    });
    t.is(moved.status, 200);
    const after = moved.json as MediaRecord;
    t.is(after.video_reference_uuid, media.video_reference_uuid);
    t.not(after.video_uuid, media.video_uuid);
    t.is(after.start_timestamp, "2022-02-02T00:00:00Z");
    const noDigest = await http.put("/vam/v1/media", { form: { width: 1 } });
    t.deepEqual(noDigest.json, { message: "sha512 is required", responseCode: 400 });
  });

  test(`${backend}: PUT /v1/media/move/{uuid} (form) moves a reference and removes the emptied video`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const target = unique("vid");
    const moved = await http.put(`/vam/v1/media/move/${media.video_reference_uuid}`, {
      form: { video_name: target, start_timestamp: "2023-03-03T00:00:00Z", duration_millis: 1000 },
    });
    t.is(moved.status, 200);
    t.like(moved.json, {
      video_name: target,
      video_sequence_uuid: media.video_sequence_uuid,
      duration_millis: 1000,
    });
    t.is((await http.get(`/vam/v1/videos/${media.video_uuid}`)).status, 404);

    const other = await createMedia(http, { video_sequence_name: media.video_sequence_name });
    const conflict = await http.put(`/vam/v1/media/move/${other.video_reference_uuid}`, {
      form: { video_name: target, start_timestamp: "2000-01-01T00:00:00Z", duration_millis: 1000 },
    });
    t.is(conflict.status, 409);
    const unknown = await http.put("/vam/v1/media/move/0190b8a4-0000-7000-8000-000000000000", {
      form: { video_name: target, start_timestamp: "2023-03-03T00:00:00Z", duration_millis: 1000 },
    });
    t.is(unknown.status, 404);
  });

  test(`${backend}: concurrent POST /v1/media of the same media all succeed with one record`, async (t) => {
    const { http } = platform(backend);
    const form = mediaForm();
    const replies = await Promise.all(Array.from({ length: 12 }, () => http.post("/vam/v1/media", { form })));
    t.deepEqual(
      replies.map((reply) => reply.status),
      replies.map(() => 200),
    );
    const uuids = new Set(replies.map((reply) => (reply.json as MediaRecord).video_reference_uuid));
    t.is(uuids.size, 1);
  });
}
