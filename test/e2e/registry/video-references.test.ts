import test from "ava";
import { createMedia, sha512Hex, unique } from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, usePlatforms } from "../../support/e2e/test-platform.js";

const platform = usePlatforms(test, BACKENDS);

interface Reference {
  uuid: string;
  uri: string;
  sha512?: string;
  width?: number;
  frame_rate?: number;
  last_updated_time: string;
}

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/videoreferences creates (form with extra keys, or JSON); create-or-get by uri`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const uri = `http://example.org/${unique("ref")}.mp4`;
    const digest = sha512Hex(uri);
    const created = await http.post("/vam/v1/videoreferences", {
      form: {
        video_uuid: media.video_uuid,
        uri,
        sha512: digest,
        width: 720,
        frame_rate: "59.94005994005994",
        uuid: "ignored",
        last_updated_time: "x",
      },
    });
    t.is(created.status, 200);
    t.like(created.json, { uri, sha512: digest, width: 720, frame_rate: 59.94005994005994 });
    const again = await http.post("/vam/v1/videoreferences", { json: { video_uuid: media.video_uuid, uri } });
    t.deepEqual(again.json, created.json);
    const viaJson = await http.post("/vam/v1/videoreferences", {
      json: { videoUuid: media.video_uuid, uri: `${uri}.json`, sizeBytes: 12 },
    });
    t.like(viaJson.json, { uri: `${uri}.json`, size_bytes: 12 });
    t.is((await http.post("/vam/v1/videoreferences", { form: { uri: `${uri}.x` } })).status, 400);
    t.is(
      (
        await http.post("/vam/v1/videoreferences", {
          form: { video_uuid: media.video_uuid, uri: "not a uri" },
        })
      ).status,
      400,
    );
    const unknownVideo = await http.post("/vam/v1/videoreferences", {
      form: { video_uuid: "0190b8a4-0000-7000-8000-000000000000", uri: `${uri}.y` },
    });
    t.is(unknownVideo.status, 404);
  });

  test(`${backend}: GET /v1/videoreferences/{uuid}, /uri/{uri}, /sha512/{hex}, /lastupdate/{uuid}`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const reference = (await http.get(`/vam/v1/videoreferences/${media.video_reference_uuid}`))
      .json as Reference;
    t.like(reference, { uuid: media.video_reference_uuid, uri: media.uri, sha512: media.sha512 });
    t.deepEqual(
      (await http.get(`/vam/v1/videoreferences/uri/${encodeURIComponent(media.uri)}`)).json,
      reference,
    );
    t.deepEqual((await http.get(`/vam/v1/videoreferences/sha512/${media.sha512}`)).json, reference);
    t.deepEqual((await http.get(`/vam/v1/videoreferences/lastupdate/${media.video_reference_uuid}`)).json, {
      timestamp: reference.last_updated_time,
    });
    t.true(Date.parse(reference.last_updated_time) <= Date.now());
    t.is(
      (await http.get(`/vam/v1/videoreferences/uri/${encodeURIComponent("http://example.org/none")}`)).status,
      404,
    );
    t.is((await http.get(`/vam/v1/videoreferences/sha512/${sha512Hex("none")}`)).status, 404);
    t.is((await http.get("/vam/v1/videoreferences/sha512/xyz")).status, 400);
  });

  test(`${backend}: GET /v1/videoreferences/uris and the paged list`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const uris = (await http.get("/vam/v1/videoreferences/uris")).json as string[];
    t.true(uris.includes(media.uri));
    const all = (await http.get("/vam/v1/videoreferences?limit=10000")).json as Reference[];
    t.true(all.some((reference) => reference.uuid === media.video_reference_uuid));
    const page = (await http.get("/vam/v1/videoreferences?limit=1&offset=0")).json as Reference[];
    t.is(page.length, 1);
  });

  test(`${backend}: PUT /v1/videoreferences/{uuid} updates (form and JSON) and moves to another video`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    const other = await createMedia(http);
    const byForm = await http.put(`/vam/v1/videoreferences/${media.video_reference_uuid}`, {
      form: { width: 111, description: "changed" },
    });
    t.like(byForm.json, { width: 111, description: "changed", uri: media.uri });
    const moved = await http.put(`/vam/v1/videoreferences/${media.video_reference_uuid}`, {
      json: { video_uuid: other.video_uuid, sha512: sha512Hex("changed").toUpperCase() },
    });
    t.is(moved.status, 200);
    t.is((moved.json as Reference).sha512, sha512Hex("changed"));
    const video = (await http.get(`/vam/v1/videos/videoreference/${media.video_reference_uuid}`)).json as {
      uuid: string;
    };
    t.is(video.uuid, other.video_uuid);
    const clash = await http.put(`/vam/v1/videoreferences/${media.video_reference_uuid}`, {
      form: { uri: other.uri },
    });
    t.is(clash.status, 409);
    t.is(
      (await http.put("/vam/v1/videoreferences/0190b8a4-0000-7000-8000-000000000000", { form: { width: 1 } }))
        .status,
      404,
    );
  });

  test(`${backend}: DELETE /v1/videoreferences/{uuid} answers 204, then 404`, async (t) => {
    const { http } = platform(backend);
    const media = await createMedia(http);
    t.is((await http.delete(`/vam/v1/videoreferences/${media.video_reference_uuid}`)).status, 204);
    t.is((await http.get(`/vam/v1/videoreferences/${media.video_reference_uuid}`)).status, 404);
    t.is((await http.delete(`/vam/v1/videoreferences/${media.video_reference_uuid}`)).status, 404);
    t.is((await http.get(`/vam/v1/videos/${media.video_uuid}`)).status, 200);
  });
}
