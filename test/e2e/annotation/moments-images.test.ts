import { randomUUID } from "node:crypto";
import test from "ava";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";
import {
  createImage,
  type ImageJson,
  imageUrl,
  type MomentJson,
} from "../../support/annotation/moments-fixtures.js";

const stack = useAnnotationStacks(test);

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/images creates an image from JSON or form and reuses the moment of its index`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const url = imageUrl();
    const created = await http.post("/anno/v1/images", {
      json: {
        video_reference_uuid: video,
        url,
        timecode: "01:00:00:00",
        recorded_timestamp: "2020-01-01T00:00:00.123456Z",
        format: "image/png",
        width_pixels: 1920,
        height_pixels: 1080,
        description: "a frame",
      },
    });
    t.is(created.status, 200);
    const image = created.json as ImageJson;
    t.like(image, {
      video_reference_uuid: video,
      url,
      timecode: "01:00:00:00",
      recorded_timestamp: "2020-01-01T00:00:00.123456Z",
      format: "image/png",
      width_pixels: 1920,
      height_pixels: 1080,
      description: "a frame",
    });
    t.false("elapsed_time_millis" in image);
    const form = await http.post("/anno/v1/images", {
      form: { video_reference_uuid: video, url: imageUrl(), timecode: "01:00:00:00", width_pixels: "10" },
    });
    t.is(form.status, 200);
    t.like(form.json, { imaged_moment_uuid: image.imaged_moment_uuid, width_pixels: 10 });
    const duplicate = await http.post("/anno/v1/images", { json: { video_reference_uuid: video, url } });
    t.is(duplicate.status, 409);
    const missing = await http.post("/anno/v1/images", { json: { url: imageUrl() } });
    t.is(missing.status, 400);
    t.regex((missing.json as { message: string }).message, /video_reference_uuid/);
    t.is(
      (
        await http.post("/anno/v1/images", {
          json: { video_reference_uuid: video, url: imageUrl() },
          auth: false,
        })
      ).status,
      401,
    );
  });

  test(`${backend}: GET /v1/images finds images by uuid, video, name and url`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const first = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 2000 });
    const second = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 1000 });
    t.like((await http.get(`/anno/v1/images/${first.image_reference_uuid}`)).json, { url: first.url });
    const byVideo = await http.get(`/anno/v1/images/videoreference/${video}`);
    t.deepEqual(
      (byVideo.json as ImageJson[]).map((image) => image.url).sort(),
      [first.url, second.url].sort(),
    );
    const name = first.url.split("/").slice(-2).join("/");
    const byName = await http.get(`/anno/v1/images/name/${encodeURIComponent(name)}`);
    t.deepEqual(
      (byName.json as ImageJson[]).map((image) => image.image_reference_uuid),
      [first.image_reference_uuid],
    );
    const byUrl = await http.get(`/anno/v1/images/url/${encodeURIComponent(second.url)}`);
    t.is(byUrl.status, 200);
    t.is((byUrl.json as ImageJson).image_reference_uuid, second.image_reference_uuid);
    t.is((await http.get(`/anno/v1/images/url/${encodeURIComponent(imageUrl())}`)).status, 404);
    t.is((await http.get(`/anno/v1/images/${randomUUID()}`)).status, 404);
    t.deepEqual((await http.get(`/anno/v1/images/videoreference/${randomUUID()}`)).json, []);
  });

  test(`${backend}: GET /v1/fast/images/videoreference lists by recorded time, moments without one first, then image UUID`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const late = await createImage(http, {
      video_reference_uuid: video,
      recorded_timestamp: "2020-01-01T02:00:00Z",
    });
    const early = await createImage(http, {
      video_reference_uuid: video,
      recorded_timestamp: "2020-01-01T01:00:00Z",
    });
    const untimed = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 5 });
    const listed = (await http.get(`/anno/v1/fast/images/videoreference/${video}`)).json as ImageJson[];
    t.deepEqual(
      listed.map((image) => image.url),
      [untimed.url, early.url, late.url],
    );
  });

  test(`${backend}: PUT /v1/images changes fields and moves the image to the moment of new indices`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const image = await createImage(http, { video_reference_uuid: video, timecode: "00:00:01:00" });
    const url = imageUrl();
    const updated = await http.put(`/anno/v1/images/${image.image_reference_uuid}`, {
      json: { url, description: "moved", timecode: "00:00:02:00" },
    });
    t.is(updated.status, 200);
    const moved = updated.json as ImageJson;
    t.like(moved, { url, description: "moved", timecode: "00:00:02:00", video_reference_uuid: video });
    t.not(moved.imaged_moment_uuid, image.imaged_moment_uuid);
    t.is((await http.get(`/anno/v1/imagedmoments/${image.imaged_moment_uuid}`)).status, 404);
    const form = await http.put(`/anno/v1/images/${image.image_reference_uuid}`, {
      form: { description: "form" },
    });
    t.like(form.json, { description: "form", imaged_moment_uuid: moved.imaged_moment_uuid });
    t.is((await http.put(`/anno/v1/images/${randomUUID()}`, { json: { description: "x" } })).status, 404);
  });

  test(`${backend}: /v1/imagereferences reads, updates (JSON and form) and deletes an image reference`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const image = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 10 });
    const path = `/anno/v1/imagereferences/${image.image_reference_uuid}`;
    t.like((await http.get(path)).json, {
      uuid: image.image_reference_uuid,
      url: image.url,
      imaged_moment_uuid: image.imaged_moment_uuid,
    });
    t.like((await http.put(path, { json: { description: "json", width_pixels: 3 } })).json, {
      description: "json",
      width_pixels: 3,
    });
    t.like((await http.put(path, { form: { format: "image/jpeg" } })).json, {
      format: "image/jpeg",
      width_pixels: 3,
    });
    const other = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 20 });
    const moved = await http.put(path, { json: { imaged_moment_uuid: other.imaged_moment_uuid } });
    t.like(moved.json, { imaged_moment_uuid: other.imaged_moment_uuid });
    t.is((await http.get(`/anno/v1/imagedmoments/${image.imaged_moment_uuid}`)).status, 404);
    const moment = (await http.get(`/anno/v1/imagedmoments/${other.imaged_moment_uuid}`)).json as MomentJson;
    t.is(moment.image_references.length, 2);
    t.is((await http.delete(path)).status, 204);
    t.is((await http.get(path)).status, 404);
    t.is((await http.delete(path)).status, 404);
    t.is((await http.delete(`/anno/v1/imagereferences/${other.image_reference_uuid}`)).status, 204);
    t.is((await http.get(`/anno/v1/imagedmoments/${other.imaged_moment_uuid}`)).status, 404);
    t.is(
      (await http.delete(`/anno/v1/imagereferences/${other.image_reference_uuid}`, { auth: false })).status,
      401,
    );
  });
}
