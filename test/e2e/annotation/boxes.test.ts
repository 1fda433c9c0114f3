/**
 * The box routes through the real gateway, the whole annotation module behind it on SQLite:
 * GET /anno/v1/boxes with its filters and JSON shape, a review action and its undo, the verifier
 * taken from a user's token, and the clear 4xx of bad requests, which change nothing.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { type DomainStack, startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";

let stack: DomainStack;

test.before(async () => {
  stack = await startDomainStack({
    module: annotationModule,
    routes: annotationRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-boxes-e2e-")),
    authPath: "/anno/v1/auth",
  });
});

test.after.always(() => stack?.stop());

interface BoxJson {
  association_uuid: string;
  concept: string;
  x: number;
  width: number;
  verifier?: string;
  image_url?: string;
  video_reference_uuid: string;
}

/** An annotation with a box as vars-localize writes one, on an image of its moment; the box's UUID. */
async function annotateWithBox(
  video: string,
  concept: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const annotation = await stack.http.post("/anno/v1/annotations", {
    json: { video_reference_uuid: video, concept, elapsed_time_millis: 1000, observer: "brian" },
  });
  const image = await stack.http.post("/anno/v1/images", {
    json: {
      video_reference_uuid: video,
      elapsed_time_millis: 1000,
      url: `http://images.example.org/${uuidV7()}.png`,
      width_pixels: 1920,
      height_pixels: 1080,
    },
  });
  const imageUuid = String((image.json as { image_reference_uuid: string }).image_reference_uuid);
  const box = await stack.http.post("/anno/v1/associations", {
    json: {
      observation_uuid: (annotation.json as { observation_uuid: string }).observation_uuid,
      link_name: "bounding box",
      to_concept: "self",
      mime_type: "application/json",
      link_value: JSON.stringify({
        x: 10,
        y: 20,
        width: 30,
        height: 40,
        image_reference_uuid: imageUuid,
        generator: "vars-localize",
        ...extra,
      }),
    },
  });
  return String((box.json as { uuid: string }).uuid);
}

test("GET /anno/v1/boxes finds boxes by concept (repeated), video and verification, with their image URL", async (t) => {
  const video = uuidV7();
  const aegina = await annotateWithBox(video, "Aegina");
  const nanomia = await annotateWithBox(video, "Nanomia", { verifier: "kyle", part: "nectophore" });
  const both = await stack.http.get(
    `/anno/v1/boxes?concept=Aegina&concept=Nanomia&video_reference_uuid=${video}`,
  );
  t.is(both.status, 200);
  const boxes = both.json as BoxJson[];
  t.deepEqual(boxes.map((box) => box.association_uuid).sort(), [aegina, nanomia].sort());
  t.like(
    boxes.find((box) => box.association_uuid === aegina),
    { concept: "Aegina", x: 10, width: 30, video_reference_uuid: video },
  );
  t.regex(boxes[0]?.image_url ?? "", /^http:\/\/images\.example\.org\//);
  const verified = (await stack.http.get(`/anno/v1/boxes?videoReferenceUuid=${video}&verified=true`))
    .json as BoxJson[];
  t.deepEqual(
    verified.map((box) => [box.association_uuid, box.verifier]),
    [[nanomia, "kyle"]],
  );
  t.is((await stack.http.get("/anno/v1/boxes?limit=10001")).status, 400);
  t.is((await stack.http.get("/anno/v1/boxes?video_reference_uuid=nope")).status, 400);
});

test("a relabel is one request and undone by its uuid; verify takes the user from the token; unknown boxes are a 404 that changes nothing", async (t) => {
  const video = uuidV7();
  const boxes = [
    await annotateWithBox(video, "Aegina", { part: "bell" }),
    await annotateWithBox(video, "Aegina"),
  ];
  const concepts = async () =>
    ((await stack.http.get(`/anno/v1/boxes?video_reference_uuid=${video}`)).json as BoxJson[]).map(
      (box) => box.concept,
    );
  const relabel = await stack.http.post("/anno/v1/boxes/relabel", {
    json: { association_uuids: boxes, concept: "Nanomia" },
  });
  t.is(relabel.status, 200);
  t.like(relabel.json, { kind: "RELABEL", actor: "service", changed: 2 });
  t.deepEqual(await concepts(), ["Nanomia", "Nanomia"]);
  const undo = await stack.http.post(
    `/anno/v1/boxes/actions/${(relabel.json as { uuid: string }).uuid}/undo`,
  );
  t.is(undo.status, 200);
  t.deepEqual(await concepts(), ["Aegina", "Aegina"]);
  t.is(
    (await stack.http.post(`/anno/v1/boxes/actions/${(relabel.json as { uuid: string }).uuid}/undo`)).status,
    400,
  );

  const unknown = await stack.http.post("/anno/v1/boxes/delete", {
    json: { association_uuids: [...boxes, uuidV7()] },
  });
  t.is(unknown.status, 404);
  t.is(
    (await stack.http.post("/anno/v1/boxes/delete", { json: { association_uuids: boxes }, auth: false }))
      .status,
    401,
  );
  t.deepEqual(await concepts(), ["Aegina", "Aegina"]);

  t.is((await stack.http.post("/anno/v1/boxes/verify", { json: { association_uuids: boxes } })).status, 403);
  const user = await new TokenService({
    signingSecret: stack.signingSecret,
    issuer: "http://www.mbari.org",
  }).issue({
    name: "lonny",
  });
  const verify = await stack.http.post("/anno/v1/boxes/verify", {
    json: { association_uuids: boxes, verifier: "someone else" },
    auth: `Bearer ${user}`,
  });
  t.is(verify.status, 200);
  t.like(verify.json, { kind: "VERIFY", actor: "lonny" });
  const verified = (await stack.http.get(`/anno/v1/boxes?video_reference_uuid=${video}&verified=true`))
    .json as BoxJson[];
  t.deepEqual(
    verified.map((box) => box.verifier),
    ["lonny", "lonny"],
  );
  // The value keeps every field the tools wrote (vars-gridview's part), with the verifier added.
  const stored = (await stack.http.get(`/anno/v1/associations/${boxes[0]}`)).json as { link_value: string };
  t.like(JSON.parse(stored.link_value), {
    x: 10,
    generator: "vars-localize",
    part: "bell",
    verifier: "lonny",
  });
});
