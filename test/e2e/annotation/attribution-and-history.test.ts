import test, { type ExecutionContext } from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { LEGACY_ISSUER } from "../../../services/kit/config/domain-config.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import type { HttpClient, HttpReply } from "../../../tools/dev/fixtures/http-client.js";
import { BACKENDS, createUser, loginAs, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

interface AnnotationJson {
  observation_uuid: string;
  video_reference_uuid: string;
  observer?: string;
  concept?: string;
  associations?: { uuid: string }[];
}

interface ChangeJson {
  action: string;
  data_type: string;
  uuid: string;
  changed_by: string | null;
  changed_at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Logs in a new kb user of the role; returns its name and the Authorization value of its token. */
async function userOf(target: ReturnType<typeof platform>, role: string) {
  const name = await createUser(target, role);
  return { name, auth: await loginAs(target.http, name, `pw-${name}`) };
}

/** Creates an annotation as a JSON body (the VARS Java SDK's shape). */
function createAnnotation(http: HttpClient, auth: string | true, fields: Record<string, unknown>) {
  return http.post("/anno/v1/annotations", {
    auth,
    json: { video_reference_uuid: uuidV7(), elapsed_time_millis: 1000, concept: "Nanomia", ...fields },
  });
}

async function history(http: HttpClient, uuid: string): Promise<ChangeJson[]> {
  const reply = await http.get(`/anno/v1/observations/${uuid}/history`);
  if (reply.status !== 200) throw new Error(`history: ${reply.status} ${reply.text}`);
  return reply.json as ChangeJson[];
}

function assertRefused(t: ExecutionContext, reply: HttpReply, message: RegExp): void {
  t.is(reply.status, 403, reply.text);
  t.regex(reply.text, message);
}

for (const backend of BACKENDS) {
  test(`${backend}: the API key's token keeps the observer legacy clients send, by form and by JSON`, async (t) => {
    const { http } = platform(backend);
    // vars-quickstart's Python scripts post a form; the VARS Java SDK posts JSON.
    const byForm = await http.post("/anno/v1/annotations", {
      form: {
        video_reference_uuid: uuidV7(),
        concept: "Aegina",
        observer: "brian",
        elapsed_time_millis: "12345",
      },
    });
    t.is(byForm.status, 200, byForm.text);
    t.is((byForm.json as AnnotationJson).observer, "brian");
    const byJson = await createAnnotation(http, true, { observer: "kakani" });
    t.is(byJson.status, 200, byJson.text);
    t.is((byJson.json as AnnotationJson).observer, "kakani");
    const [created] = await history(http, (byJson.json as AnnotationJson).observation_uuid);
    t.like(created, { action: "CREATED", data_type: "OBSERVATION", changed_by: null, before: null });
    t.like(created?.after, { observer: "kakani", concept: "Nanomia", elapsed_time_millis: 1000 });
  });

  test(`${backend}: a user's token annotates as that user, whatever observer the body names`, async (t) => {
    const target = platform(backend);
    const annotator = await userOf(target, "Annotator");
    const reply = await createAnnotation(target.http, annotator.auth, { observer: "someone-else" });
    t.is(reply.status, 200, reply.text);
    const created = reply.json as AnnotationJson;
    t.is(created.observer, annotator.name);
    const changes = await history(target.http, created.observation_uuid);
    t.deepEqual(
      changes.map((change) => [change.action, change.data_type, change.changed_by]),
      [["CREATED", "OBSERVATION", annotator.name]],
    );
    const video = uuidV7();
    const bulk = await target.http.post("/anno/v1/annotations/bulk", {
      auth: annotator.auth,
      json: [1, 2].map((n) => ({
        video_reference_uuid: video,
        elapsed_time_millis: n * 1000,
        concept: "Aegina",
        observer: `someone-${n}`,
      })),
    });
    t.is(bulk.status, 200, bulk.text);
    t.deepEqual(
      (bulk.json as AnnotationJson[]).map((annotation) => annotation.observer),
      [annotator.name, annotator.name],
    );
  });

  test(`${backend}: a ReadOnly token cannot write annotations: 403 naming the role, nothing created`, async (t) => {
    const target = platform(backend);
    const reader = await createUser(target, "ReadOnly");
    // The kb login refuses ReadOnly users, so no login issues such a token: it is signed here with
    // the platform's secret, as one issued before the user was made ReadOnly would carry the role.
    const tokens = new TokenService({ signingSecret: target.signingSecret ?? "", issuer: LEGACY_ISSUER });
    const auth = `Bearer ${await tokens.issue({ sub: "1", name: reader, role: "ReadOnly" })}`;
    const video = uuidV7();
    const refused = await createAnnotation(target.http, auth, { video_reference_uuid: video });
    assertRefused(t, refused, /ReadOnly.*may not change annotations/);
    const listed = await target.http.get(`/anno/v1/annotations/videoreference/${video}`);
    t.deepEqual(listed.json, []);
  });

  test(`${backend}: an Annotator changes their own annotations only; Maint and Admin change anyone's`, async (t) => {
    const target = platform(backend);
    const { http } = target;
    const [owner, other, maint, admin] = [
      await userOf(target, "Annotator"),
      await userOf(target, "Annotator"),
      await userOf(target, "Maint"),
      await userOf(target, "Admin"),
    ];
    const created = (await createAnnotation(http, owner.auth, {})).json as AnnotationJson;
    const uuid = created.observation_uuid;
    const own = await http.put(`/anno/v1/observations/${uuid}`, {
      auth: owner.auth,
      json: { concept: "Aegina" },
    });
    t.is(own.status, 200, own.text);
    const before = await history(http, uuid);

    const refused = await http.put(`/anno/v1/observations/${uuid}`, {
      auth: other.auth,
      json: { concept: "x" },
    });
    assertRefused(
      t,
      refused,
      new RegExp(`${other.name} \\(Annotator\\) may change only their own annotations`),
    );
    const association = await http.post("/anno/v1/associations", {
      auth: other.auth,
      json: { observation_uuid: uuid, link_name: "eating", to_concept: "self", link_value: "nil" },
    });
    assertRefused(t, association, /may change only their own annotations/);
    const deleted = await http.delete(`/anno/v1/observations/${uuid}`, { auth: other.auth });
    assertRefused(t, deleted, /may change only their own annotations/);
    t.like((await http.get(`/anno/v1/observations/${uuid}`)).json, { concept: "Aegina", associations: [] });
    t.deepEqual(await history(http, uuid), before, "a refused write leaves no history");

    const byMaint = await http.put(`/anno/v1/observations/${uuid}`, {
      auth: maint.auth,
      json: { concept: "b" },
    });
    t.is(byMaint.status, 200, byMaint.text);
    const byAdmin = await http.post("/anno/v1/associations", {
      auth: admin.auth,
      json: { observation_uuid: uuid, link_name: "eating", to_concept: "self", link_value: "nil" },
    });
    t.is(byAdmin.status, 200, byAdmin.text);
    const changes = await history(http, uuid);
    t.deepEqual(
      changes.map((change) => [change.action, change.data_type, change.changed_by]),
      [
        ["CREATED", "OBSERVATION", owner.name],
        ["UPDATED", "OBSERVATION", owner.name],
        ["UPDATED", "OBSERVATION", maint.name],
        ["CREATED", "ASSOCIATION", admin.name],
      ],
    );
    t.like(changes[2], { before: { concept: "Aegina", observer: owner.name }, after: { concept: "b" } });
  });

  test(`${backend}: GET /v1/observations/{uuid}/history lists an observation's changes oldest first, its deletion included; 404 unknown, 400 not a UUID`, async (t) => {
    const { http } = platform(backend);
    const created = (await createAnnotation(http, true, { observer: "brian" })).json as AnnotationJson;
    const uuid = created.observation_uuid;
    const association = await http.post("/anno/v1/associations", {
      json: { observation_uuid: uuid, link_name: "eating", to_concept: "self", link_value: "nil" },
    });
    const associationUuid = (association.json as { uuid: string }).uuid;
    await http.put(`/anno/v1/associations/${associationUuid}`, { json: { link_value: "fish" } });
    const image = await http.post("/anno/v1/images", {
      json: {
        video_reference_uuid: created.video_reference_uuid,
        elapsed_time_millis: 1000,
        url: `http://example.org/${uuid}.png`,
      },
    });
    t.is(image.status, 200, image.text);
    t.is((await http.delete(`/anno/v1/observations/${uuid}`)).status, 204);
    const changes = await history(http, uuid);
    t.deepEqual(
      changes.map((change) => [change.action, change.data_type]),
      [
        ["CREATED", "OBSERVATION"],
        ["CREATED", "ASSOCIATION"],
        ["UPDATED", "ASSOCIATION"],
        ["CREATED", "IMAGE_REFERENCE"],
        ["DELETED", "ASSOCIATION"],
        ["DELETED", "OBSERVATION"],
      ],
    );
    t.like(changes[2], { before: { link_value: "nil" }, after: { link_value: "fish" } });
    t.like(changes[5], { after: null, before: { uuid, observer: "brian" } });
    const times = changes.map((change) => Date.parse(change.changed_at));
    t.deepEqual(
      [...times].sort((x, y) => x - y),
      times,
    );
    t.is((await http.get(`/anno/v1/observations/${uuidV7()}/history`)).status, 404);
    t.is((await http.get("/anno/v1/observations/not-a-uuid/history")).status, 400);
  });
}
