import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import test from "ava";
import { REPO_ROOT } from "../../../tools/dev/codegen/k8s/k8s-tools.js";
import { imageFormatOf } from "../../support/capture/test-videos.js";
import {
  type AnnotationJson,
  DEMO_TEST_SECRETS,
  type DemoProcess,
  type MediaJson,
  startDemoProcess,
} from "../../support/e2e/demo-platform.js";

/**
 * The committed tree stands on its own: `git archive HEAD` unpacked into an empty temporary
 * folder (nothing beside it but the installed node_modules, linked in), started with --demo from
 * there, serves the real kb, the demo's annotations and frames of its video. Anything the
 * project reads from outside its own tree (a sibling folder, an uncommitted file) fails here.
 */
let folder = "";
let platform: DemoProcess | undefined;

test.after.always(async () => {
  await platform?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("a fresh copy of the committed tree starts with --demo and serves the kb, an annotation and a frame", async (t) => {
  folder = mkdtempSync(join(tmpdir(), "m3-fresh-copy-"));
  const copy = join(folder, "m3");
  mkdirSync(copy);
  await unpackCommittedTree(copy);
  t.true(existsSync(join(copy, "tools", "m3", "all-in-one", "main.ts")));
  t.false(existsSync(join(copy, "data")), "the archive carries no data folder");
  symlinkSync(realpathSync(join(REPO_ROOT, "node_modules")), join(copy, "node_modules"), "dir");
  t.deepEqual(readdirSync(folder), ["m3"]);

  platform = await startDemoProcess({ root: copy, env: {} });
  const { http } = platform;
  const concept = await http.get("/kb/v1/concept/Nanomia%20bijuga");
  t.is(concept.status, 200);
  t.like(concept.json, { name: "Nanomia bijuga" });

  const media = (await http.get("/vam/v1/media/videosequence/Demo%20Ventana%204101")).json as MediaJson[];
  const clip = media.find(({ uri }) => uri.startsWith("file:"));
  if (!clip) throw new Error("the demo dive has no file: video");
  t.true(fileURLToPath(clip.uri).startsWith(join(copy, "data", "videos")), clip.uri);
  const [annotation] = (
    await http.get(`/anno/v1/annotations/videoreference/${clip.video_reference_uuid}?limit=1`)
  ).json as AnnotationJson[];
  if (!annotation) throw new Error("the demo video has no annotation");
  t.is((await http.get(`/kb/v1/concept/${encodeURIComponent(annotation.concept)}`)).status, 200);

  const frame = await fetch(`${http.baseUrl}/capture/capture/png`, {
    method: "POST",
    headers: { "x-api-key": DEMO_TEST_SECRETS.M3_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ videoUrl: clip.uri, elapsedTimeMillis: annotation.elapsed_time_millis }),
  });
  t.is(frame.status, 200);
  t.is(imageFormatOf(Buffer.from(await frame.arrayBuffer())), "png");
});

/** `git archive HEAD | tar -x -C <copy>`: the tracked files as committed, nothing else. */
function unpackCommittedTree(copy: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const archive = spawn("git", ["archive", "--format=tar", "HEAD"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const tar = spawn("tar", ["-x", "-C", copy], { stdio: ["pipe", "ignore", "pipe"] });
    archive.stdout.pipe(tar.stdin);
    let errors = "";
    archive.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    tar.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    archive.once("error", reject);
    tar.once("error", reject);
    archive.once("close", (code) => {
      if (code !== 0) reject(new Error(`git archive HEAD exited with ${code}: ${errors}`));
    });
    tar.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`tar -x exited with ${code}: ${errors}`));
    });
  });
}
