import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ExecutionContext, TestFn } from "ava";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { checkScreen, openPage } from "../../../tools/dev/fixtures/browser-page.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { Backend } from "../e2e/test-platform.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";
import { until } from "./until.js";
import {
  CLIP_FRAME,
  type DemoClip,
  demoClipOf,
  dragOnFrame,
  openClip,
  stepFrames,
  typeConcept,
} from "./watch-driving.js";

/** An annotation as `GET /anno/v1/annotations/{uuid}` answers it, with what these tests read. */
export interface StoredAnnotation {
  observation_uuid: string;
  concept: string;
  observer: string;
  elapsed_time_millis: number;
  image_references?: {
    uuid: string;
    url: string;
    format?: string;
    width_pixels?: number;
    height_pixels?: number;
    description?: string;
  }[];
  associations?: { uuid: string; link_name: string; link_value: string; to_concept: string }[];
}

/** The clip's annotation of `concept` by `observer` at `millis`, once stored (the create answers before the test reads). */
export async function storedAt(
  http: HttpClient,
  clip: DemoClip,
  concept: string,
  millis: number,
  observer = "demo-annotator",
): Promise<StoredAnnotation> {
  const wanted = (one: StoredAnnotation) =>
    one.concept === concept && one.elapsed_time_millis === millis && one.observer === observer;
  const read = async () =>
    (
      (await http.get(`/anno/v1/annotations/videoreference/${clip.reference}`)).json as StoredAnnotation[]
    ).find(wanted);
  const found = await until(read, (one) => one !== undefined);
  if (found) return found;
  throw new Error(`no ${concept} by ${observer} at ${millis} ms`);
}

export async function annotationOf(http: HttpClient, uuid: string): Promise<StoredAnnotation> {
  return (await http.get(`/anno/v1/annotations/${uuid}`)).json as StoredAnnotation;
}

/** The archived image's own bytes (the disk store's file: URL) and their size as decoded. */
export async function archivedSize(url: string): Promise<{ width?: number; height?: number }> {
  const { width, height } = await sharp(readFileSync(fileURLToPath(url))).metadata();
  return { width, height };
}

/** The boxes of an annotation, parsed from their stored JSON. */
export function boxesOf(annotation: StoredAnnotation) {
  return (annotation.associations ?? [])
    .filter((association) => association.link_name === "bounding box")
    .map(
      (association) =>
        JSON.parse(association.link_value) as {
          x: number;
          y: number;
          width: number;
          height: number;
          image_reference_uuid?: string;
          generator?: string;
        },
    );
}

/** Annotates the frame shown with a concept typed in the new-annotation box, and waits for its row. */
export async function annotateHere(
  page: Page,
  millis: number,
  typed: string,
  concept: string,
): Promise<void> {
  await page.keyboard.press("/");
  await typeConcept(page, /^New annotation at .*: concepts$/, typed, concept);
  const clock = `00:${(millis / 1000).toFixed(3).padStart(6, "0")}`.replace(".", "\\.");
  await page
    .getByRole("region", { name: /^Annotations/ })
    .getByRole("button", { name: new RegExp(`^${clock} ${concept} demo-annotator$`) })
    .waitFor();
  // Out of the concept box, so the screen's keys drive the video again.
  await page.getByRole("heading", { level: 1 }).click();
}

/** A box drawn on the frame of an annotation whose moment has no image: its frame is grabbed first, and the box is in its pixels. */
export async function checkBoxOnGrabbedImage(
  t: ExecutionContext,
  http: HttpClient,
  stored: StoredAnnotation,
  drawn: { x: number; y: number; width: number; height: number },
): Promise<void> {
  const [image] = stored.image_references ?? [];
  const [box] = boxesOf(stored);
  if (!image || !box) throw new Error(`no image or no box on ${JSON.stringify(stored)}`);
  t.is(box.image_reference_uuid, image.uuid, "the box names the grabbed image");
  t.is(box.generator, "m3-console");
  const size = await archivedSize(image.url);
  t.deepEqual(size, { width: image.width_pixels, height: image.height_pixels });
  t.true(box.x >= 0 && box.y >= 0, JSON.stringify(box));
  t.true(box.x + box.width <= (size.width ?? 0) && box.y + box.height <= (size.height ?? 0));
  for (const key of ["x", "y", "width", "height"] as const)
    t.true(Math.abs(box[key] - drawn[key]) <= 2, `${key}: drew ${drawn[key]}, stored ${box[key]}`);
  const history = (await http.get(`/anno/v1/observations/${stored.observation_uuid}/history`)).json as {
    action: string;
    data_type: string;
    changed_by: string;
  }[];
  t.true(
    history.some(
      (change) =>
        change.data_type === "IMAGE_REFERENCE" &&
        change.action === "CREATED" &&
        change.changed_by === "demo-annotator",
    ),
    "the grab is recorded under the signed-in user",
  );
}

/**
 * Grabbing the frame on the Watch screen in chromium, by key and button, against the demo's
 * clip on `backend`: the frame archived by upload and attached to the annotation's moment (read
 * back through the API, its bytes decoded from the archive); a box drawn on a moment without an
 * image has its frame grabbed first, and lies in that image's pixels.
 */
export function registerConsoleFrameTests(test: TestFn, backend: Backend): void {
  let running: ConsolePlatform;
  let clip: DemoClip;

  test.before(async () => {
    running = await startConsolePlatform(backend);
    clip = await demoClipOf(running.platform.http);
  });
  test.after.always(async () => {
    await running?.stop();
  });

  test.serial(
    "g grabs the paused frame of the selected annotation into the archive and attaches it",
    async (t) => {
      const { http } = running.platform;
      const opened = await openPage(running.browser);
      const { page } = opened;
      await signIn(page, running.origin, "demo-annotator");
      await openClip(page, running.origin, clip);
      const millis = await stepFrames(page, 50);
      await annotateHere(page, millis, "crossota mills", "Crossota millsae");
      const stored = await storedAt(http, clip, "Crossota millsae", millis);
      t.deepEqual(stored.image_references ?? [], [], "the moment had no image");

      await page.keyboard.press("g");
      const grabbed = page.getByRole("status").filter({ hasText: /Frame grabbed \(384×216 pixels\)/ });
      await grabbed.waitFor();
      const [image, ...more] = (await annotationOf(http, stored.observation_uuid)).image_references ?? [];
      t.deepEqual(more, []);
      t.like(image, {
        format: "image/png",
        width_pixels: CLIP_FRAME.width,
        height_pixels: CLIP_FRAME.height,
        description: "uncompressed image",
      });
      t.regex(
        image?.url ?? "",
        new RegExp(`^file:.*/Ventana/images/4101/${millis}--${clip.reference}\\.png$`),
      );
      t.deepEqual(await archivedSize(image?.url ?? ""), CLIP_FRAME);
      t.true((await grabbed.innerText()).includes(image?.url ?? "?"));

      // The button grabs the same frame again: archived under the same name, the same image reference.
      await page.getByRole("button", { name: "Grab frame" }).click();
      await grabbed.waitFor();
      t.deepEqual((await annotationOf(http, stored.observation_uuid)).image_references, [image]);
      await checkScreen(t, opened, "watch-grab");
    },
  );

  test.serial(
    "a box drawn on a moment without an image grabs and archives its frame first, and is stored in its pixels",
    async (t) => {
      const { http } = running.platform;
      const opened = await openPage(running.browser);
      const { page } = opened;
      await signIn(page, running.origin, "demo-annotator");
      await openClip(page, running.origin, clip);
      const millis = await stepFrames(page, 75);
      await annotateHere(page, millis, "colobonem", "Colobonema");
      const before = await storedAt(http, clip, "Colobonema", millis);
      t.deepEqual(before.image_references ?? [], [], "the moment had no image");

      const editor = page.getByRole("group", { name: /^Boxes of Colobonema/ });
      await editor.waitFor();
      await dragOnFrame(page, { x: 50, y: 40 }, { x: 170, y: 120 });
      await editor.getByRole("button", { name: /^Box 1 at / }).waitFor();
      const stored = await annotationOf(http, before.observation_uuid);
      t.is(stored.image_references?.length, 1);
      await checkBoxOnGrabbedImage(t, http, stored, { x: 50, y: 40, width: 120, height: 80 });
      // The history panel reads the changes again once the annotation shows them.
      const panel = page.getByRole("region", { name: "History of Colobonema" });
      await panel.getByText("created image reference").waitFor();
      await panel.getByText("created association").waitFor();
      await checkScreen(t, opened, "watch-box-grab", { screenshot: false });
    },
  );

  test.serial(
    "with the archive refusing, a grab and a box on a moment without an image show why and attach nothing",
    async (t) => {
      const { http } = running.platform;
      const opened = await openPage(running.browser, [
        /^503 POST .*\/panoptes\/v1\/images\//,
        /status of 503/,
      ]);
      const { page } = opened;
      // The upload domain down, as the gateway answers then.
      await page.route("**/panoptes/v1/images/**", (route) =>
        route.fulfill({
          status: 503,
          headers: { "Content-Type": "application/json", "Retry-After": "5" },
          body: JSON.stringify({ message: "upload is unavailable" }),
        }),
      );
      await signIn(page, running.origin, "demo-annotator");
      await openClip(page, running.origin, clip);
      const millis = await stepFrames(page, 100);
      await annotateHere(page, millis, "colobonem", "Colobonema");
      const before = await storedAt(http, clip, "Colobonema", millis);

      await page.keyboard.press("g");
      const refused = page.getByRole("alert").filter({
        hasText: /POST \/panoptes\/v1\/images\/Ventana\/Ventana%204101\/.* failed: 503 upload is unavailable/,
      });
      await refused.waitFor();
      const editor = page.getByRole("group", { name: /^Boxes of Colobonema/ });
      await dragOnFrame(page, { x: 20, y: 20 }, { x: 80, y: 60 });
      await page.getByRole("alert").filter({ hasText: "failed: 503" }).nth(1).waitFor();
      t.is(await editor.getByRole("button", { name: /^Box / }).count(), 0);
      const after = await annotationOf(http, before.observation_uuid);
      t.deepEqual(after.image_references ?? [], [], "no image attached");
      t.deepEqual(boxesOf(after), [], "no box stored");
      await checkScreen(t, opened, "watch-grab-refused", { screenshot: false });
    },
  );
}
