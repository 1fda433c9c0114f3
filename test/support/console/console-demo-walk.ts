import { readFileSync } from "node:fs";
import type { ExecutionContext, TestFn } from "ava";
import type { Page } from "playwright-core";
import { checkAccessibility, checkScreen, openPage } from "../../../tools/dev/fixtures/browser-page.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { Backend } from "../e2e/test-platform.js";
import { type CocoFile, checkCoco } from "./coco-format.js";
import {
  annotateHere,
  annotationOf,
  checkBoxOnGrabbedImage,
  type StoredAnnotation,
  storedAt,
} from "./console-frame-tests.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";
import { DEMO_DIVE, type DemoClip, demoClipOf, dragOnFrame, pickClip, stepFrames } from "./watch-driving.js";

/** What the walk annotates: a concept typed, the one taken, and the box drawn on its frame (frame pixels). */
const FRAMES = [
  { typed: "crossota mills", concept: "Crossota millsae", box: { x: 60, y: 50, width: 110, height: 70 } },
  { typed: "colobonem", concept: "Colobonema", box: { x: 200, y: 90, width: 90, height: 80 } },
] as const;

interface StoredBox {
  association_uuid: string;
  concept: string;
  verifier?: string;
  generator?: string;
}

/** The clip played with Space from the start until past `seconds`, then paused with Space. */
async function playUntil(page: Page, seconds: number): Promise<void> {
  await page.keyboard.press(" ");
  await page.getByRole("button", { name: "Pause" }).waitFor();
  await page.waitForFunction((until) => (document.querySelector("video")?.currentTime ?? 0) > until, seconds);
  await page.keyboard.press(" ");
  await page.getByRole("button", { name: "Play" }).waitFor();
}

/** demo-annotator's part: sign in, find the dive, play its clip, annotate two frames by keyboard and box each. */
async function annotateAndBox(t: ExecutionContext, page: Page, running: ConsolePlatform, clip: DemoClip) {
  const { http } = running.platform;
  await page.goto(`${running.origin}/`);
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await signIn(page, running.origin, "demo-annotator");
  const nav = page.getByRole("navigation", { name: "Screens" });
  await nav.getByRole("link", { name: "Dive profile" }).click();
  await page.getByLabel("Video sequence").selectOption(DEMO_DIVE);
  await page.getByRole("link", { name: `Watch ${DEMO_DIVE}` }).click();
  await pickClip(page, clip);
  await page.getByRole("heading", { level: 1 }).click();
  await playUntil(page, 0.6);

  const annotated: StoredAnnotation[] = [];
  for (const [index, frame] of FRAMES.entries()) {
    // Onto the frame grid (a frame forward), then 20 frames further for the second.
    const millis = await stepFrames(page, index === 0 ? 1 : 20);
    await annotateHere(page, millis, frame.typed, frame.concept);
    const before = await storedAt(http, clip, frame.concept, millis);
    const editor = page.getByRole("group", { name: new RegExp(`^Boxes of ${frame.concept}`) });
    await editor.waitFor();
    const { x, y, width, height } = frame.box;
    await dragOnFrame(page, { x, y }, { x: x + width, y: y + height });
    await editor.getByRole("button", { name: /^Box 1 at / }).waitFor();
    const stored = await annotationOf(http, before.observation_uuid);
    await checkBoxOnGrabbedImage(t, http, stored, frame.box);
    annotated.push(stored);
  }
  await checkAccessibility(t, page, "watch (demo walk)");
  return annotated;
}

const boxesOf = async (http: HttpClient) =>
  (await http.get(`/anno/v1/boxes?generator=m3-console`)).json as StoredBox[];

/**
 * The walk, all in the browser on a platform started as `npm start -- --demo` starts
 * one: demo-annotator signs in on the sign-in screen, opens the demo dive's clip from the dive
 * profile, plays it, annotates two frames by keyboard and boxes each with the mouse (each frame
 * grabbed into the image archive first); signs out; demo-maint signs in, reviews the dive's boxes
 * in the grid, verifies them, and exports COCO, which is checked against the format. The API only
 * reads, to check what the screens did.
 */
export function registerConsoleDemoWalk(test: TestFn, backend: Backend): void {
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
    "a new user annotates and boxes the demo clip, a maintainer verifies the boxes in the grid and exports COCO",
    async (t) => {
      const { http } = running.platform;
      const opened = await openPage(running.browser);
      const { page } = opened;
      const annotated = await annotateAndBox(t, page, running, clip);

      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
      await signIn(page, running.origin, "demo-maint");
      await page
        .getByRole("navigation", { name: "Screens" })
        .getByRole("link", { name: "Review boxes" })
        .click();
      const form = page.getByRole("form", { name: "Boxes to review" });
      await form.getByLabel("Dive").fill(DEMO_DIVE);
      await form.getByLabel("Verified").selectOption("not verified");
      await form.getByRole("button", { name: "Show boxes" }).click();
      const grid = page.getByRole("listbox", { name: new RegExp(`^Boxes, ${FRAMES.length}:`) });
      await grid.waitFor();
      await page.waitForFunction(() => {
        const crops = [...document.querySelectorAll<HTMLImageElement>("[role=option] img")];
        return crops.length > 0 && crops.every((crop) => crop.complete && crop.naturalWidth > 0);
      });
      const boxes = await boxesOf(http);
      t.deepEqual(new Set(boxes.map((box) => box.concept)), new Set(annotated.map((one) => one.concept)));

      const toolbar = page.getByRole("toolbar", { name: "Review actions" });
      await page.locator("#review-box-0").click();
      await page.keyboard.press("Control+a");
      await toolbar.getByText(`${FRAMES.length} of ${FRAMES.length} selected`).waitFor();
      await toolbar.getByRole("button", { name: "Verify" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `Verified ${FRAMES.length} boxes.` })
        .waitFor();
      const verified = await boxesOf(http);
      t.deepEqual(
        verified.map((box) => box.verifier),
        FRAMES.map(() => "demo-maint"),
      );

      // The verified ones, as the export's filter would take them.
      await form.getByLabel("Verified").selectOption("verified");
      await form.getByRole("button", { name: "Show boxes" }).click();
      await grid.waitFor();
      const downloading = page.waitForEvent("download");
      await toolbar.getByRole("button", { name: "Export COCO" }).click();
      const coco = JSON.parse(readFileSync(await (await downloading).path(), "utf8")) as CocoFile;
      checkCoco(t, coco, verified);
      t.is(coco.images.length, FRAMES.length, "one grabbed image per annotated frame");
      t.deepEqual(
        new Set(coco.images.map((image) => image.coco_url)),
        new Set(annotated.map((one) => one.image_references?.[0]?.url)),
      );
      await checkScreen(t, opened, "review (demo walk)", { screenshot: false });
    },
  );
}
