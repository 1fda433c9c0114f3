/**
 * The box routes through the real gateway, the whole annotation module behind it on SQLite,
 * the kb's module beside it (a small tree) for descendants and relabels:
 * GET /anno/v1/boxes with its filters and JSON shape, a review action and its undo, the verifier
 * taken from a user's token, and the clear 4xx of bad requests, which change nothing.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { pino } from "pino";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { kbModule, kbSchema } from "../../../services/kb/kb.module.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { type RunningDomain, startDomain } from "../../../services/kit/domain/start-domain.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { type DomainStack, startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";

let stack: DomainStack;
let kb: RunningDomain;

/** A kb of Cnidaria > Aegina and Nanomia, written into its SQLite file before it starts. */
async function startKb(): Promise<RunningDomain> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-boxes-e2e-kb-"));
  const storage = await openDomainStorage({
    target: domainDatabaseTarget(undefined, dataDir, "kb"),
    domain: "kb",
    ...kbSchema,
  });
  await storage.transaction(async (manager) => {
    for (const [id, parent, name] of [
      [1, null, "Cnidaria"],
      [2, 1, "Aegina"],
      [3, null, "Nanomia"],
    ] as const) {
      const now = "2024-01-01 00:00:00.000000";
      await manager.query("INSERT INTO concepts (id, parent_id, last_updated_time) VALUES (?, ?, ?)", [
        id,
        parent,
        now,
      ]);
      await manager.query(
        "INSERT INTO concept_names (concept_id, name, name_type, last_updated_time) VALUES (?, ?, 'primary', ?)",
        [id, name, now],
      );
    }
  });
  await storage.close();
  const env = { M3_API_KEY: "kb-key", M3_SIGNING_SECRET: "kb-secret" };
  return startDomain(kbModule, {
    env,
    logger: pino({ level: "silent" }),
    dataDir,
    version: "0.0.0-test",
    host: "127.0.0.1",
    port: 0,
  });
}

test.before(async () => {
  kb = await startKb();
  stack = await startDomainStack({
    module: annotationModule,
    routes: annotationRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-boxes-e2e-")),
    authPath: "/anno/v1/auth",
    env: { M3_KB_GRPC_ADDRESS: kb.address },
  });
});

test.after.always(async () => {
  await stack?.stop();
  await kb?.stop();
});

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
  const tokens = new TokenService({ signingSecret: stack.signingSecret, issuer: "http://www.mbari.org" });
  // An Annotator changes only their own observations: brian's boxes are not kris's to verify.
  const annotator = await tokens.issue({ name: "kris", role: "Annotator" });
  const refused = await stack.http.post("/anno/v1/boxes/verify", {
    json: { association_uuids: boxes },
    auth: `Bearer ${annotator}`,
  });
  t.is(refused.status, 403);
  t.deepEqual(
    ((await stack.http.get(`/anno/v1/boxes?video_reference_uuid=${video}&verified=true`)).json as BoxJson[])
      .length,
    0,
  );
  const user = await tokens.issue({ name: "lonny", role: "Maint" });
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
  // The history names the reviewer, not the service, for the box it changed.
  const observation = (await stack.http.get(`/anno/v1/associations/${boxes[0]}`)).json as {
    observation_uuid: string;
  };
  const history = (await stack.http.get(`/anno/v1/observations/${observation.observation_uuid}/history`))
    .json as { action: string; data_type: string; uuid: string; changed_by: string | null }[];
  t.like(history.at(-1), {
    action: "UPDATED",
    data_type: "ASSOCIATION",
    uuid: boxes[0],
    changed_by: "lonny",
  });
  // The value keeps every field the tools wrote (vars-gridview's part), with the verifier added.
  const stored = (await stack.http.get(`/anno/v1/associations/${boxes[0]}`)).json as { link_value: string };
  t.like(JSON.parse(stored.link_value), {
    x: 10,
    generator: "vars-localize",
    part: "bell",
    verifier: "lonny",
  });
});

test("descendants come from the kb over gRPC, and a relabel to a concept the kb lacks is a 400 that changes nothing", async (t) => {
  const video = uuidV7();
  const box = await annotateWithBox(video, "Aegina");
  const cnidaria = await stack.http.get(
    `/anno/v1/boxes?concept=Cnidaria&descendants=true&video_reference_uuid=${video}`,
  );
  t.is(cnidaria.status, 200, cnidaria.text);
  t.deepEqual(
    (cnidaria.json as BoxJson[]).map((row) => row.association_uuid),
    [box],
  );
  t.deepEqual(
    (await stack.http.get(`/anno/v1/boxes?concept=Cnidaria&video_reference_uuid=${video}`)).json,
    [],
  );
  const unknown = await stack.http.post("/anno/v1/boxes/relabel", {
    json: { association_uuids: [box], concept: "Nessie" },
  });
  t.is(unknown.status, 400);
  t.regex(unknown.text, /The kb has no concept named Nessie/);
  const known = await stack.http.post("/anno/v1/boxes/relabel", {
    json: { association_uuids: [box], concept: "Nanomia" },
  });
  t.is(known.status, 200);
});
