import { randomUUID } from "node:crypto";
import test from "ava";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";

const stack = useAnnotationStacks(test);

interface InfoJson {
  uuid: string;
  video_reference_uuid: string;
  platform_name: string;
  mission_id: string;
  mission_contact?: string;
  last_updated: string;
}

interface IndexJson {
  uuid: string;
  elapsed_time_millis?: number;
  recorded_timestamp?: string;
}

for (const backend of BACKENDS) {
  test(`${backend}: /v1/videoreferences creates, finds, updates and deletes cached video reference info`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const mission = `Dive-${video.slice(0, 8)}`;
    const created = await http.post("/anno/v1/videoreferences", {
      json: {
        video_reference_uuid: video,
        platform_name: "Ventana",
        mission_id: mission,
        mission_contact: "Ann",
      },
    });
    t.is(created.status, 200);
    const info = created.json as InfoJson;
    t.like(info, {
      video_reference_uuid: video,
      platform_name: "Ventana",
      mission_id: mission,
      mission_contact: "Ann",
    });
    t.regex(info.last_updated, /Z$/);
    const form = await http.post("/anno/v1/videoreferences", {
      form: { video_reference_uuid: randomUUID(), platform_name: "Doc Ricketts", mission_id: mission },
    });
    t.is(form.status, 200);
    t.false("mission_contact" in (form.json as object));
    const duplicate = await http.post("/anno/v1/videoreferences", {
      json: { video_reference_uuid: video, platform_name: "x", mission_id: "y" },
    });
    t.is(duplicate.status, 409);
    const missing = await http.post("/anno/v1/videoreferences", {
      json: { video_reference_uuid: randomUUID() },
    });
    t.is(missing.status, 400);
    t.deepEqual((await http.get(`/anno/v1/videoreferences/${info.uuid}`)).json, info);
    t.deepEqual((await http.get(`/anno/v1/videoreferences/videoreference/${video}`)).json, info);
    const byMission = (await http.get(`/anno/v1/videoreferences/missionid/${mission}`)).json as InfoJson[];
    t.is(byMission.length, 2);
    t.deepEqual((await http.get("/anno/v1/videoreferences/missioncontact/Ann")).json, [info]);
    t.true(((await http.get("/anno/v1/videoreferences/missionids")).json as string[]).includes(mission));
    t.true(((await http.get("/anno/v1/videoreferences/missioncontacts")).json as string[]).includes("Ann"));
    t.true(((await http.get("/anno/v1/videoreferences/videoreferences")).json as string[]).includes(video));
    const all = (await http.get("/anno/v1/videoreferences")).json as InfoJson[];
    t.true(all.length >= 2);
    t.is(((await http.get("/anno/v1/videoreferences?limit=1&offset=1")).json as InfoJson[]).length, 1);
    const updated = await http.put(`/anno/v1/videoreferences/${info.uuid}`, {
      form: { mission_contact: "Bo" },
    });
    t.like(updated.json, { mission_contact: "Bo", mission_id: mission });
    const camel = await http.put(`/anno/v1/videoreferences/${info.uuid}`, {
      json: { platformName: "Tiburon" },
    });
    t.like(camel.json, { platform_name: "Tiburon" });
    t.is(
      (await http.put(`/anno/v1/videoreferences/${randomUUID()}`, { json: { mission_id: "z" } })).status,
      404,
    );
    const deleted = await http.delete(`/anno/v1/videoreferences/${info.uuid}`);
    t.is(deleted.status, 204);
    t.is(deleted.text, "");
    t.is((await http.get(`/anno/v1/videoreferences/${info.uuid}`)).status, 404);
    t.is((await http.delete(`/anno/v1/videoreferences/${info.uuid}`)).status, 404);
  });

  test(`${backend}: /v1/index lists a video's indices and tapetime sets their recorded timestamps`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    await http.post("/anno/v1/annotations/bulk", {
      json: [0, 1000, 2500].map((elapsed) => ({
        video_reference_uuid: video,
        concept: "x",
        elapsed_time_millis: elapsed,
      })),
    });
    const indices = (await http.get(`/anno/v1/index/videoreference/${video}`)).json as IndexJson[];
    t.is(indices.length, 3);
    t.deepEqual(
      indices.map((index) => index.uuid),
      indices.map((index) => index.uuid).sort(),
    );
    t.is(((await http.get(`/anno/v1/index/videoreference/${video}?limit=2`)).json as IndexJson[]).length, 2);
    const start = Date.parse("1968-09-22T02:00:00Z");
    const body = indices.map((index) => ({
      uuid: index.uuid,
      recorded_timestamp: new Date(start + (index.elapsed_time_millis ?? 0)).toISOString(),
    }));
    const reply = await http.put("/anno/v1/index/tapetime", {
      json: [...body, { uuid: randomUUID(), recorded_timestamp: "2020-01-01T00:00:00Z" }],
    });
    t.is(reply.status, 200);
    const updated = reply.json as IndexJson[];
    t.is(updated.length, 3);
    for (const index of updated) {
      t.is(
        index.recorded_timestamp,
        new Date(start + (index.elapsed_time_millis ?? 0)).toISOString().replace(".000", ""),
      );
    }
    t.is((await http.put("/anno/v1/index/tapetime", { json: [{ uuid: "x" }] })).status, 400);
  });
}
