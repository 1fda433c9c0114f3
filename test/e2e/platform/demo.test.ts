import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import test, { type ExecutionContext } from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { imageFormatOf } from "../../support/capture/test-videos.js";
import {
  type AnnotationJson,
  DEMO_TEST_SECRETS,
  type DemoProcess,
  demoSnapshot,
  login,
  loginReply,
  type MediaJson,
  startDemoProcess,
} from "../../support/e2e/demo-platform.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const DIVES = ["Demo Ventana 4101", "Demo Doc Ricketts 1502", "Demo MiniROV 0237"];
const running = new Set<DemoProcess>();
const folders: string[] = [];

test.after.always(async () => {
  await Promise.allSettled([...running].map((platform) => platform.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

async function start(env: Record<string, string>): Promise<DemoProcess> {
  const platform = await startDemoProcess({ root: REPO_ROOT, env });
  running.add(platform);
  return platform;
}

async function stop(platform: DemoProcess): Promise<void> {
  await platform.stop();
  running.delete(platform);
}

/**
 * Every backend loads the same demo; the restart (nothing added twice, an unannotated dive
 * completed) runs on SQLite only, to keep the file's time down: the loader's rules do not
 * depend on the backend, and test/integration/all-in-one/demo-loader.test.ts runs them twice.
 */
for (const backend of BACKENDS) {
  const restarts = backend === "sqlite";
  const title = restarts ? "; a restart adds nothing and completes an unannotated dive" : "";
  test(`${backend}: --demo serves the real kb, three annotated dives, frames of its video and its users${title}`, async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), "m3-demo-e2e-"));
    folders.push(dataDir);
    const env: Record<string, string> = { M3_DATA_DIR: dataDir };
    if (backend === "mariadb") env.M3_DATABASE_URL = await createTestDatabase("m3_demo");
    if (backend === "postgres") env.M3_DATABASE_URL = await createPostgresTestDatabase("m3_demo");
    const first = await start(env);
    await checkRealKb(t, first);
    const clip = await checkDives(t, first, dataDir);
    await checkClipAnnotationsAndFrame(t, first, clip, dataDir);
    await checkUsers(t, first);
    t.regex(first.banner, /Demo data \(--demo\): 3 dives .*, 300 annotations/);
    t.regex(first.banner, /Three things to try:/);
    t.true(first.banner.includes(`${first.http.baseUrl}/capture/capture' -o frame.jpg`), first.banner);
    if (!restarts) return stop(first);
    const before = await demoSnapshot(first.http, DIVES);
    // As if a start had stopped between registering a dive and annotating it.
    await deleteAnnotationsOf(first, "Demo MiniROV 0237");
    t.is((await demoSnapshot(first.http, DIVES)).dives["Demo MiniROV 0237"]?.annotations, 0);
    await stop(first);

    const second = await start(env);
    const after = await demoSnapshot(second.http, DIVES);
    t.deepEqual(after, before);
    t.is(after.names.filter((name) => DIVES.includes(name)).length, 3);
    t.regex(second.banner, /Demo data \(--demo\): 3 dives .*, 300 annotations/);
    await stop(second);
  });
}

async function checkRealKb(t: ExecutionContext, { http }: DemoProcess): Promise<void> {
  const concept = await http.get(`/kb/v1/concept/${encodeURIComponent("Nanomia bijuga")}`);
  t.is(concept.status, 200);
  t.like(concept.json, { name: "Nanomia bijuga" });
  t.like((await http.get("/kb/v1/concept/query/root")).json, { name: "object" });
  t.true(((await http.get("/kb/v1/concept")).json as string[]).length > 4000);
}

/** The three dives with their videos; returns the clip's media. */
async function checkDives(t: ExecutionContext, { http }: DemoProcess, dataDir: string): Promise<MediaJson> {
  const names = (await http.get("/vam/v1/videosequences/names")).json as string[];
  t.deepEqual(
    names.filter((name) => DIVES.includes(name)),
    [...DIVES].sort(),
  );
  const media = await Promise.all(
    DIVES.map(
      async (name) =>
        (await http.get(`/vam/v1/media/videosequence/${encodeURIComponent(name)}`)).json as MediaJson[],
    ),
  );
  t.deepEqual(
    media.map((list) => new Set(list.map(({ video_name }) => video_name)).size),
    [3, 3, 1],
  );
  const clip = media[0]?.find(({ uri }) => uri.startsWith("file:"));
  if (!clip) throw new Error("the Ventana dive has no file: video");
  t.like(clip, { container: "video/mp4", width: 384, height: 216, frame_rate: 25, duration_millis: 30_000 });
  t.true(existsSync(fileURLToPath(clip.uri)));
  t.true(fileURLToPath(clip.uri).startsWith(join(dataDir, "videos")));
  return clip;
}

async function checkClipAnnotationsAndFrame(
  t: ExecutionContext,
  { http }: DemoProcess,
  clip: MediaJson,
  dataDir: string,
): Promise<void> {
  const reply = await http.get(`/anno/v1/annotations/videoreference/${clip.video_reference_uuid}?limit=1000`);
  const annotations = reply.json as AnnotationJson[];
  t.is(annotations.length, 40);
  t.true(annotations.some(({ associations }) => associations.length > 0));
  const images = annotations.flatMap(({ image_references }) => image_references.map(({ url }) => url));
  t.is(new Set(images).size, 6);
  t.true(images.every((url) => url.startsWith("file:") && existsSync(fileURLToPath(url))));
  t.true(images.every((url) => fileURLToPath(url).startsWith(join(dataDir, "upload"))));
  const data = (await http.get(`/anno/v1/ancillarydata/videoreference/${clip.video_reference_uuid}`))
    .json as Record<string, unknown>[];
  t.is(data.length, new Set(annotations.map(({ elapsed_time_millis }) => elapsed_time_millis)).size);
  for (const datum of data) {
    for (const field of [
      "depth_meters",
      "latitude",
      "longitude",
      "temperature_celsius",
      "salinity",
      "oxygen_ml_l",
    ]) {
      t.is(typeof datum[field], "number", field);
    }
  }
  const one = (await http.get(`/anno/v1/annotations/${annotations[0]?.observation_uuid}`))
    .json as AnnotationJson;
  t.true((one.ancillary_data?.depth_meters ?? 0) > 100, "the clip is mid-dive, deep in the water column");
  const annotated = annotations[0];
  if (!annotated) throw new Error("no annotation on the clip");
  const frame = await fetch(`${http.baseUrl}/capture/capture`, {
    method: "POST",
    headers: { "x-api-key": DEMO_TEST_SECRETS.M3_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ videoUrl: clip.uri, elapsedTimeMillis: annotated.elapsed_time_millis }),
  });
  t.is(frame.status, 200);
  t.is(frame.headers.get("content-type"), "image/jpeg");
  t.is(imageFormatOf(Buffer.from(await frame.arrayBuffer())), "jpg");
}

async function checkUsers(t: ExecutionContext, { http }: DemoProcess): Promise<void> {
  for (const username of ["demo-admin", "demo-maint", "demo-annotator"]) {
    t.truthy(await login(http, username, "m3-demo"), username);
  }
  t.is((await loginReply(http, "demo-readonly", "m3-demo")).status, 401);
  t.is((await loginReply(http, "demo-admin", "wrong")).status, 401);
  const token = await login(http, DEMO_TEST_SECRETS.M3_ADMIN_USER, DEMO_TEST_SECRETS.M3_ADMIN_PASSWORD);
  const users = (await http.get("/kb/v1/users", { auth: `Bearer ${token}` })).json as {
    username: string;
    role: string;
  }[];
  const roles = new Map<string, number>();
  for (const { username, role } of users)
    if (username.startsWith("demo-")) roles.set(role, (roles.get(role) ?? 0) + 1);
  t.deepEqual(Object.fromEntries(roles), { Admin: 2, Maint: 2, Annotator: 2, ReadOnly: 2 });
}

async function deleteAnnotationsOf({ http }: DemoProcess, dive: string): Promise<void> {
  const media = (await http.get(`/vam/v1/media/videosequence/${encodeURIComponent(dive)}`))
    .json as MediaJson[];
  for (const { video_reference_uuid } of media) {
    const annotations = (
      await http.get(`/anno/v1/annotations/videoreference/${video_reference_uuid}?limit=1000`)
    ).json as AnnotationJson[];
    const deleted = await http.post("/anno/v1/observations/delete", {
      json: annotations.map(({ observation_uuid }) => observation_uuid),
    });
    if (deleted.status !== 204) throw new Error(`deleting the annotations of ${dive}: ${deleted.status}`);
  }
}
