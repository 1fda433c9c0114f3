import { randomUUID } from "node:crypto";
import test from "ava";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";

const stack = useAnnotationStacks(test);

for (const backend of BACKENDS) {
  test(`${backend}: DELETE /v1/fast/videoreference deletes a video's annotations in one go and counts them`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const kept = randomUUID();
    const created = await http.post("/anno/v1/annotations/bulk", {
      json: [
        {
          video_reference_uuid: video,
          elapsed_time_millis: 1000,
          concept: "Aegina",
          associations: [
            { link_name: "eating", to_concept: "Nanomia", link_value: "nil" },
            { link_name: "color", to_concept: "self", link_value: "red" },
          ],
          image_references: [{ url: `http://images.example.org/${video}/1.png` }],
          ancillary_data: { depth_meters: 10 },
        },
        { video_reference_uuid: video, elapsed_time_millis: 1000, concept: "Nanomia" },
        {
          video_reference_uuid: video,
          elapsed_time_millis: 2000,
          concept: "Pyrosoma",
          associations: [{ link_name: "near", to_concept: "Aegina", link_value: "nil" }],
        },
        { video_reference_uuid: kept, elapsed_time_millis: 1000, concept: "Aegina" },
      ],
    });
    t.is(created.status, 200);
    const unauthenticated = await http.delete(`/anno/v1/fast/videoreference/${video}`, { auth: false });
    t.is(unauthenticated.status, 401);
    const deleted = await http.delete(`/anno/v1/fast/videoreference/${video}`);
    t.is(deleted.status, 200);
    t.deepEqual(deleted.json, {
      video_reference_uuid: video,
      ancillary_data_count: 1,
      image_reference_count: 1,
      association_count: 3,
      observation_count: 3,
      imaged_moment_count: 2,
    });
    t.deepEqual((await http.get(`/anno/v1/fast/videoreference/${video}`)).json, []);
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/videoreference/${video}`)).json, []);
    t.is(((await http.get(`/anno/v1/fast/videoreference/${kept}`)).json as unknown[]).length, 1);
    const again = await http.delete(`/anno/v1/fast/videoreference/${video}`);
    t.like(again.json, { observation_count: 0, imaged_moment_count: 0, association_count: 0 });
    const bad = await http.delete("/anno/v1/fast/videoreference/not-a-uuid");
    t.is(bad.status, 400);
  });
}
