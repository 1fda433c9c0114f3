import { readFileSync } from "node:fs";
import type { TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { checkScreen, openPage } from "../../../tools/dev/fixtures/browser-page.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import type { Backend } from "../e2e/test-platform.js";
import { type CocoFile, checkCoco } from "./coco-format.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";
import { holdAnswers } from "./held-answers.js";
import { until } from "./until.js";

/**
 * The review grid in chromium against the demo platform: boxes seeded through the API on the demo
 * clip's stored frame (as vars-localize would have drawn them), then reviewed as a person does,
 * with mouse and keys only: select 20 and relabel them, undo, verify a few, export COCO and check
 * the download against the format; refusals (403, 404) shown with nothing changed; 1,000 boxes
 * with only the visible rows in the page.
 */
const DIVE = "Demo Ventana 4101";
const GENERATOR = "console-review test";
const CROWD = "console-review crowd";
const ON_VIDEO = "console-review on video";
/** The clip's pixels: every box stays inside them. */
const FRAME = { width: 384, height: 216 };

interface SeededBox {
  association_uuid: string;
  concept: string;
  verifier?: string;
}

export function registerConsoleReviewTests(test: TestFn, backend: Backend): void {
  let running: ConsolePlatform;
  let browser: Browser;
  let origin: string;
  let http: HttpClient;

  /**
   * Annotations of `concept` on the clip, each with one box on the demo's first stored frame, or
   * (`onImage` false) on no stored image, as a box drawn on the video's frame.
   */
  async function seedBoxes(count: number, concept: string, generator: string, onImage = true): Promise<void> {
    const sequence = (await http.get(`/vam/v1/videosequences/name/${encodeURIComponent(DIVE)}`)).json as {
      videos: { video_references: { uuid: string; uri: string }[] }[];
    };
    const clip = sequence.videos
      .flatMap((video) => video.video_references)
      .find((reference) => reference.uri.startsWith("file:"));
    if (!clip) throw new Error("the demo dive has no clip");
    const annotations = (await http.get(`/anno/v1/annotations/videoreference/${clip.uuid}`)).json as {
      image_references?: { uuid: string }[];
    }[];
    const image = annotations.flatMap((annotation) => annotation.image_references ?? [])[0];
    if (!image) throw new Error("the demo clip has no stored frame");
    const items = Array.from({ length: count }, (_, index) => ({
      video_reference_uuid: clip.uuid,
      concept,
      observer: "someone-else",
      elapsed_time_millis: 20_000 + index,
      associations: [
        {
          link_name: "bounding box",
          to_concept: "self",
          mime_type: "application/json",
          link_value: JSON.stringify({
            x: (index * 37) % (FRAME.width - 60),
            y: (index * 23) % (FRAME.height - 50),
            width: 40 + (index % 20),
            height: 30 + (index % 20),
            ...(onImage ? { image_reference_uuid: image.uuid } : {}),
            generator,
          }),
        },
      ],
    }));
    const reply = await http.post("/anno/v1/annotations/bulk", { json: items, auth: true });
    if (reply.status !== 200) throw new Error(`seeding boxes answered ${reply.status}: ${reply.text}`);
  }

  const boxesOf = async (generator: string) =>
    (await http.get(`/anno/v1/boxes?generator=${encodeURIComponent(generator)}`)).json as SeededBox[];

  test.before(async () => {
    running = await startConsolePlatform(backend);
    ({ browser, origin } = running);
    http = running.platform.http;
    await seedBoxes(30, "Nanomia", GENERATOR);
    await seedBoxes(1000, "Aegina", CROWD);
    await seedBoxes(3, "Aegina", ON_VIDEO, false);
  });

  test.after.always(async () => {
    await running?.stop();
  });

  const boxOption = (page: Page, index: number) => page.locator(`#review-box-${index}`);
  const status = (page: Page) => page.getByRole("status").filter({ hasNotText: "Reading" });

  /** From the nav, as a user goes: the review screen, then the boxes of `concept` with every crop loaded. */
  async function openReview(page: Page, fields: { concept?: string; generator?: string }, shown: number) {
    await page
      .getByRole("navigation", { name: "Screens" })
      .getByRole("link", { name: "Review boxes" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Review boxes" }).waitFor();
    const form = page.getByRole("form", { name: "Boxes to review" });
    if (fields.concept) await form.getByLabel("Concept").fill(fields.concept);
    if (fields.generator) await form.getByLabel("Generator").fill(fields.generator);
    await form.getByRole("button", { name: "Show boxes" }).click();
    await page.getByRole("listbox", { name: new RegExp(`^Boxes, ${shown}:`) }).waitFor();
    await page.waitForFunction(() => {
      const crops = [...document.querySelectorAll<HTMLImageElement>("[role=option] img")];
      return crops.length > 0 && crops.every((crop) => crop.complete && crop.naturalWidth > 0);
    });
  }

  test.serial(
    "a maintainer relabels 20 boxes, undoes it, verifies three, deletes one and undoes it, and exports COCO",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await signIn(page, origin, "demo-maint");
      await openReview(page, { concept: "Nanomia", generator: GENERATOR }, 30);
      const toolbar = page.getByRole("toolbar", { name: "Review actions" });

      // 20 boxes: a click, a shift-click, a ctrl-click off and space back on.
      await boxOption(page, 0).click();
      await boxOption(page, 19).click({ modifiers: ["Shift"] });
      await boxOption(page, 7).click({ modifiers: ["Control"] });
      await toolbar.getByText("19 of 30 selected").waitFor();
      await page.keyboard.press(" ");
      await toolbar.getByText("20 of 30 selected").waitFor();
      t.is(await boxOption(page, 7).getAttribute("aria-selected"), "true");

      // The relabel's answer reaches the page only after Ctrl+Z is pressed, as on a slow link: the
      // undo waits for it and takes the relabel back.
      const heldRelabel = await holdAnswers(page, "**/anno/v1/boxes/relabel", "POST");
      await toolbar.getByLabel("New concept").fill("Aegina");
      await toolbar.getByLabel("New concept").press("Enter");
      let stored = await until(
        () => boxesOf(GENERATOR),
        (boxes) => boxes.some((box) => box.concept === "Aegina"),
      );
      t.is(stored.filter((box) => box.concept === "Aegina").length, 20);
      t.is(stored.filter((box) => box.concept === "Nanomia").length, 10);

      await page.getByRole("listbox").focus();
      await page.keyboard.press("Control+z");
      heldRelabel.release();
      await status(page).filter({ hasText: "Undid 20 boxes." }).waitFor();
      await page.getByRole("listbox", { name: /^Boxes, 30:/ }).waitFor();
      stored = await boxesOf(GENERATOR);
      t.true(stored.every((box) => box.concept === "Nanomia"));
      t.true(await toolbar.getByRole("button", { name: "Undo" }).isDisabled());

      // Three by keys: the focus to the second box, then shift+right twice.
      await boxOption(page, 0).click();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press(" ");
      await page.keyboard.press("Shift+ArrowRight");
      await page.keyboard.press("Shift+ArrowRight");
      await page.keyboard.press(" ");
      await page.keyboard.press(" ");
      await toolbar.getByText("4 of 30 selected").waitFor();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press(" ");
      await toolbar.getByText("3 of 30 selected").waitFor();
      await toolbar.getByRole("button", { name: "Verify" }).click();
      await status(page).filter({ hasText: "Verified 3 boxes." }).waitFor();
      stored = await boxesOf(GENERATOR);
      const verified = stored.filter((box) => box.verifier !== undefined);
      t.deepEqual(
        verified.map((box) => box.verifier),
        ["demo-maint", "demo-maint", "demo-maint"],
      );
      await page.getByRole("option", { name: "Nanomia, verified by demo-maint" }).first().waitFor();

      // One deleted with the button, and put back with the Undo button.
      await boxOption(page, 29).click();
      await toolbar.getByRole("button", { name: "Delete" }).click();
      await status(page).filter({ hasText: "Deleted 1 box." }).waitFor();
      await page.getByRole("listbox", { name: /^Boxes, 29:/ }).waitFor();
      t.is((await boxesOf(GENERATOR)).length, 29);
      await toolbar.getByRole("button", { name: "Undo" }).click();
      await status(page).filter({ hasText: "Undid 1 box." }).waitFor();
      await page.getByRole("listbox", { name: /^Boxes, 30:/ }).waitFor();
      t.deepEqual(await boxesOf(GENERATOR), stored);

      const downloading = page.waitForEvent("download");
      await toolbar.getByRole("button", { name: "Export COCO" }).click();
      const saved = await (await downloading).path();
      const coco = JSON.parse(readFileSync(saved, "utf8")) as CocoFile;
      checkCoco(t, coco, stored);
      await status(page).filter({ hasText: "Exported 30 boxes on 1 image." }).waitFor();
      // A rectangle drawn with the mouse from the first box to the second row's third (8 columns).
      const from = await boxOption(page, 0).boundingBox();
      const to = await boxOption(page, 10).boundingBox();
      if (!from || !to) throw new Error("the boxes are not on screen");
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
      await page.mouse.up();
      await toolbar.getByText("6 of 30 selected").waitFor();
      for (const index of [0, 1, 2, 8, 9, 10]) {
        t.is(await boxOption(page, index).getAttribute("aria-selected"), "true");
      }
      await checkScreen(t, opened, "review");
    },
  );

  test.serial(
    "an annotator's verify of others' boxes, and a relabel of a box deleted meanwhile, are refused and change nothing",
    async (t) => {
      const opened = await openPage(browser, [
        /^403 POST .*\/anno\/v1\/boxes\/verify/,
        /^404 POST .*\/anno\/v1\/boxes\/relabel/,
        /^404 GET .*\/kb\/v1\/concept\/Aegin$/,
        /status of 40[34]/,
      ]);
      const { page } = opened;
      await signIn(page, origin, "demo-annotator");
      await openReview(page, { concept: "Nanomia", generator: GENERATOR }, 30);
      const toolbar = page.getByRole("toolbar", { name: "Review actions" });
      const before = await boxesOf(GENERATOR);

      await boxOption(page, 3).click();
      await boxOption(page, 5).click({ modifiers: ["Shift"] });
      await toolbar.getByRole("button", { name: "Verify" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /POST \/anno\/v1\/boxes\/verify failed: 403/ })
        .waitFor();
      t.deepEqual(await boxesOf(GENERATOR), before);
      t.true(await toolbar.getByRole("button", { name: "Undo" }).isDisabled());

      // A part of a name is not a concept: nothing is sent.
      await toolbar.getByLabel("New concept").fill("Aegin");
      await toolbar.getByRole("button", { name: "Relabel" }).click();
      await toolbar
        .getByRole("alert")
        .filter({ hasText: "No concept is named “Aegin”: did you mean Aegina?" })
        .waitFor();
      t.deepEqual(await boxesOf(GENERATOR), before);

      // Another reviewer deletes one of the selected boxes (through the API) before this one relabels them.
      const gone = before[4]?.association_uuid ?? "";
      const deleted = await http.post("/anno/v1/boxes/delete", {
        json: { association_uuids: [gone] },
        auth: true,
      });
      t.is(deleted.status, 200);
      await toolbar.getByLabel("New concept").fill("Aegina");
      await toolbar.getByRole("button", { name: "Relabel" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /POST \/anno\/v1\/boxes\/relabel failed: 404/ })
        .waitFor();
      const after = await boxesOf(GENERATOR);
      t.is(after.length, 29);
      t.true(after.every((box) => box.concept === "Nanomia"));
      await checkScreen(t, opened, "review-refused", { screenshot: false });
    },
  );

  test.serial("1,000 boxes: only the rows in view are in the page, and End reaches the last", async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    await signIn(page, origin, "demo-maint");
    await openReview(page, { generator: CROWD }, 1000);
    const mounted = await page.getByRole("option").count();
    t.true(mounted > 0 && mounted < 120, `${mounted} boxes in the page`);
    await boxOption(page, 0).click();
    await page.keyboard.press("End");
    await boxOption(page, 999).waitFor();
    t.is(await boxOption(page, 999).getAttribute("class"), "tile focused");
    t.is(await boxOption(page, 0).count(), 0, "the first row left the page");
    await page.keyboard.press("Control+a");
    await page.getByRole("toolbar").getByText("1000 of 1000 selected").waitFor();
    await checkScreen(t, opened, "review-crowd", { screenshot: false });
  });

  test.serial(
    "boxes whose frame was never stored are cut from the video's frame at their time",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await signIn(page, origin, "demo-maint");
      // openReview waits until every crop is loaded and decoded.
      await openReview(page, { generator: ON_VIDEO }, 3);
      const sources = (
        await page
          .locator("[role=option] img")
          .evaluateAll((crops) => crops.map((crop) => (crop as HTMLImageElement).src))
      ).map((src) => new URL(src).searchParams);
      t.is(sources.length, 3);
      for (const source of sources) {
        t.regex(source.get("url") ?? "", /^file:.*\.mp4$/);
        t.is(source.get("ms"), String(20_000 + sources.indexOf(source)));
      }
      await checkScreen(t, opened, "review-video", { screenshot: false });
    },
  );
}
