import type { TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { checkScreen, openPage } from "../../../tools/dev/fixtures/browser-page.js";
import type { Backend } from "../e2e/test-platform.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";
import { holdAnswers } from "./held-answers.js";
import { until } from "./until.js";
import { type StoredAssociation, varsLocalizeBoxes } from "./vars-localize-boxes.js";
import { DEMO_DIVE, type DemoClip, demoClipOf, typeConcept } from "./watch-driving.js";

/**
 * Annotating on the Watch screen in chromium, by keyboard as the VARS app is, against the demo's
 * clip: a concept typed and Enter makes an observation at the frame shown, as the signed-in user;
 * its concept changed, the change undone with Ctrl+Z, the annotation deleted and brought back;
 * the history panel names who did what. Every action through keys and clicks; the API only reads.
 */
/** The frame annotated: 30 frames into the 25 fps clip. */
const AT_MILLIS = 1200;
export function registerConsoleAnnotateTests(test: TestFn, backend: Backend): void {
  let running: ConsolePlatform;
  let browser: Browser;
  let origin: string;
  let clip: DemoClip;

  interface StoredAnnotation {
    observation_uuid: string;
    activity?: string;
    group?: string;
    duration_millis?: number;
    concept: string;
    observer: string;
    elapsed_time_millis: number;
    recorded_timestamp: string;
  }

  test.before(async () => {
    running = await startConsolePlatform(backend);
    ({ browser, origin } = running);
    clip = await demoClipOf(running.platform.http);
  });

  test.after.always(async () => {
    await running?.stop();
  });

  /** The clip's annotations of `concept` by demo-annotator at the test's moment, as stored. */
  async function storedOf(concept: string): Promise<StoredAnnotation[]> {
    const answer = await running.platform.http.get(`/anno/v1/annotations/videoreference/${clip.reference}`);
    return (answer.json as StoredAnnotation[]).filter(
      (one) =>
        one.concept === concept && one.observer === "demo-annotator" && one.elapsed_time_millis === AT_MILLIS,
    );
  }

  async function waitForStored(t: { log(...values: unknown[]): void }, concept: string, count: number) {
    const stored = await until(
      () => storedOf(concept),
      (found) => found.length === count,
    );
    if (stored.length !== count) t.log(`still not ${count} of ${concept}`);
    return stored;
  }

  async function openClip(page: Page): Promise<void> {
    await page.goto(`${origin}/#/dives/${encodeURIComponent(DEMO_DIVE)}/watch`);
    await page.getByRole("heading", { level: 1, name: `Watch ${DEMO_DIVE}` }).waitFor();
    const picker = page.getByLabel("Video", { exact: true });
    const option = picker.locator("option", { hasText: clip.name });
    await picker.selectOption({ label: (await option.innerText()).trim() });
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2);
  }

  test.serial(
    "a concept typed and Enter annotates the frame shown; edit, undo, delete and undo again",
    async (t) => {
      // A change event read back after its observation was deleted (the delete below, right after
      // an update) answers 404, which the screen skips: the browser still logs the failed read.
      const opened = await openPage(browser, [
        /^404 GET .*\/anno\/v1\/annotations\/[0-9a-f-]+$/,
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
      ]);
      const { page } = opened;
      await signIn(page, origin, "demo-annotator");
      await openClip(page);
      for (let frame = 0; frame < 30; frame++) await page.keyboard.press(".");
      await page.waitForFunction(
        () => Math.abs((document.querySelector("video")?.currentTime ?? 0) - 1.2) < 0.005,
      );
      const seconds = await page.evaluate(() => document.querySelector("video")?.currentTime ?? 0);

      // The screen's time caught up with the frame shown: the new annotation takes it.
      await page
        .getByRole("status", { name: "Time in the video" })
        .filter({ hasText: /^00:01\.20[01] / })
        .waitFor();
      // The create's answer reaches the page only after the concept is changed, as on a slow link:
      // the annotation shows once (its change event's read-back is not shown beside it), and the
      // change waits for its UUID.
      const heldCreate = await holdAnswers(page, "**/anno/v1/annotations", "POST");
      const echoReadBack = page.waitForResponse(
        (response) =>
          response.request().method() === "GET" &&
          /^\/anno\/v1\/annotations\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname),
      );
      await page.keyboard.press("/");
      await typeConcept(page, /^New annotation at .*: concepts$/, "crossota mills", "Crossota millsae");
      const list = page.getByRole("region", { name: /^Annotations/ });
      const row = list.getByRole("button", { name: /^00:01\.200 Crossota millsae demo-annotator$/ });
      await row.waitFor();
      const [stored] = await waitForStored(t, "Crossota millsae", 1);
      if (!stored) throw new Error("the annotation was not stored");
      t.is(stored.observer, "demo-annotator");
      t.true(Math.abs(seconds * 1000 - stored.elapsed_time_millis) < 20, `shown ${seconds} s`);
      t.is(Date.parse(stored.recorded_timestamp), clip.startMillis + stored.elapsed_time_millis);
      t.is((await echoReadBack).url(), `${origin}/anno/v1/annotations/${stored.observation_uuid}`);
      t.is(await row.count(), 1, "its change event read back is not shown a second time");
      t.is(await row.getAttribute("aria-pressed"), "true", "the new annotation is the selected one");

      await page.getByRole("combobox", { name: "Change its concept to" }).click();
      await typeConcept(page, /^Change its concept to: concepts$/, "colobonem", "Colobonema");
      heldCreate.release();
      await list.getByRole("button", { name: /^00:01\.200 Colobonema demo-annotator$/ }).waitFor();
      t.is((await waitForStored(t, "Crossota millsae", 0)).length, 0);
      const history = page.getByRole("region", { name: /^History of Colobonema/ });
      await history.getByText(/concept: Crossota millsae → Colobonema/).waitFor();
      t.true((await history.innerText()).includes("demo-annotator"));

      // Ctrl+Z outside the text boxes takes the concept back. Its change event's read-back is held
      // until the user has begun typing the details below.
      const readBackUrl = `${origin}/anno/v1/annotations/${stored.observation_uuid}`;
      const heldConceptReadBack = await holdAnswers(page, readBackUrl, "GET");
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("Control+z");
      await row.waitFor();
      const [back] = await waitForStored(t, "Crossota millsae", 1);
      t.is(back?.observation_uuid, stored.observation_uuid);

      // Activity, group and duration, saved with Enter, then taken back with Ctrl+Z. The read-back
      // arriving after the activity is typed leaves it as typed.
      await page.getByLabel("Activity").fill("swimming");
      await heldConceptReadBack.answeredWith(200);
      const conceptReadBack = page.waitForResponse(readBackUrl);
      heldConceptReadBack.release();
      await conceptReadBack;
      await page.unroute(readBackUrl);
      await page.getByLabel("Group").fill("ROV");
      await page.getByLabel("Duration (s)").fill("2.5");
      await page.keyboard.press("Enter");
      const detailed = async (want: (one: StoredAnnotation) => boolean) => {
        const [one] = await until(
          () => storedOf("Crossota millsae"),
          ([first]) => first !== undefined && want(first),
        );
        return one;
      };
      const saved = await detailed((one) => one.activity === "swimming");
      t.like(saved, { activity: "swimming", group: "ROV", duration_millis: 2500 });
      // That undo's change event is read back, and the answer held until after the delete below: a
      // read-back older than the delete does not bring the deleted annotation back.
      const heldReadBacks = await holdAnswers(page, readBackUrl, "GET");
      await page.getByRole("heading", { level: 1 }).click();
      await page.keyboard.press("Control+z");
      const restored = await detailed((one) => !one.activity);
      t.falsy(restored?.activity);
      t.falsy(restored?.group);
      // The server has answered that read-back with the annotation before the delete is sent.
      await heldReadBacks.answeredWith(200);

      await page.keyboard.press("Delete");
      await row.waitFor({ state: "detached" });
      t.is((await waitForStored(t, "Crossota millsae", 0)).length, 0);
      // The read-back asked for before the delete answers 200 with the annotation (a later one, of
      // an event that came after the delete, answers 404).
      const staleAnswer = page.waitForResponse(
        (response) => response.url() === readBackUrl && response.status() === 200,
      );
      heldReadBacks.release();
      await staleAnswer;
      await page.keyboard.press("Control+z");
      await list
        .getByRole("button", { name: /^00:01\.200 Crossota millsae demo-annotator$/, pressed: true })
        .waitFor();
      t.is(await row.count(), 1, "the deleted one stays deleted; the one back is new");
      const [again] = await waitForStored(t, "Crossota millsae", 1);
      t.is(again?.elapsed_time_millis, stored.elapsed_time_millis);
      t.is(again?.observer, "demo-annotator");
      await checkScreen(t, opened, "watch-annotate");
    },
  );

  test.serial("a concept no name of the kb contains is refused with a message, nothing stored", async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    await signIn(page, origin, "demo-annotator");
    await openClip(page);
    const before = (await running.platform.http.get(`/anno/v1/annotations/videoreference/${clip.reference}`))
      .json as unknown[];
    await page.keyboard.press("/");
    await page.keyboard.type("zzqqxx");
    await page.keyboard.press("Enter");
    await page
      .getByRole("alert")
      .filter({ hasText: "No concept of the kb has a name containing “zzqqxx”." })
      .waitFor();
    const after = (await running.platform.http.get(`/anno/v1/annotations/videoreference/${clip.reference}`))
      .json as unknown[];
    t.is(after.length, before.length);
    await checkScreen(t, opened, "watch-annotate-unknown", { screenshot: false });
  });

  test.serial(
    "a second annotator's new annotation and its deletion show live on the first one's screen",
    async (t) => {
      const first = await openPage(browser);
      const second = await openPage(browser);
      await signIn(first.page, origin, "demo-annotator");
      await signIn(second.page, origin, "demo-annotator-2");
      await openClip(first.page);
      await openClip(second.page);
      await second.page.keyboard.press("/");
      await typeConcept(second.page, /^New annotation at .*: concepts$/, "colobonem", "Colobonema");
      const theirs = first.page
        .getByRole("region", { name: /^Annotations/ })
        .getByRole("button", { name: /^00:00\.000 Colobonema demo-annotator-2$/ });
      await theirs.waitFor();
      await second.page
        .getByRole("region", { name: /^Annotations/ })
        .getByRole("button", { name: /^00:00\.000 Colobonema demo-annotator-2$/ })
        .click();
      await second.page.getByRole("button", { name: "Delete Colobonema" }).click();
      await theirs.waitFor({ state: "detached" });
      t.pass("seen created, then deleted");
      await checkScreen(t, first, "watch-live", { screenshot: false });
    },
  );

  test.serial(
    "with the change stream refused, the screen polls and still shows another's annotation",
    async (t) => {
      const first = await openPage(browser, [
        /\/anno\/v1\/events/,
        /^Failed to load resource: net::ERR_FAILED$/,
      ]);
      await first.page.route(/\/anno\/v1\/events$/, (route) => route.abort());
      const second = await openPage(browser);
      await signIn(first.page, origin, "demo-annotator");
      await signIn(second.page, origin, "demo-annotator-2");
      await openClip(first.page);
      await openClip(second.page);
      await second.page.keyboard.press("/");
      await typeConcept(
        second.page,
        /^New annotation at .*: concepts$/,
        "crossota mills",
        "Crossota millsae",
      );
      await first.page
        .getByRole("region", { name: /^Annotations/ })
        .getByRole("button", { name: /^00:00\.000 Crossota millsae demo-annotator-2$/ })
        .waitFor();
      t.pass("seen by polling");
      await checkScreen(t, first, "watch-polled", { screenshot: false });
    },
  );

  test.serial(
    "a box drawn, resized and deleted on a paused frame is stored as vars-localize reads it",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await signIn(page, origin, "demo-annotator");
      await openClip(page);
      const list = page.getByRole("region", { name: /^Annotations/ });
      // The demo's moment at 6.4 s has a stored frame: a new annotation there is on its image.
      await list
        .getByRole("button", { name: /^00:06\.400 .* demo-maint$/ })
        .first()
        .click();
      // Another's annotation: no change offered to an Annotator, and no box editor.
      await page.getByText("Only demo-maint or a maintainer may change it.").waitFor();
      t.is(await page.getByRole("combobox", { name: "Change its concept to" }).count(), 0);
      t.is(await page.getByRole("group", { name: /^Boxes of / }).count(), 0);
      await page
        .getByRole("status", { name: "Time in the video" })
        .filter({ hasText: /^00:06\.40[01] / })
        .waitFor();
      await page.keyboard.press("/");
      await typeConcept(page, /^New annotation at .*: concepts$/, "colobonem", "Colobonema");
      const mine = list.getByRole("button", { name: /^00:06\.400 Colobonema demo-annotator$/ });
      await mine.waitFor();
      const editor = page.getByRole("group", { name: /^Boxes of Colobonema/ });
      await editor.waitFor();

      // The history panel in (the page laid out as it stays), the frame's place on screen.
      await page
        .getByRole("region", { name: /^History of Colobonema/ })
        .getByRole("listitem")
        .first()
        .waitFor();
      const stage = await page.locator("video").boundingBox();
      if (!stage) throw new Error("no video on screen");
      const scale = stage.width / 384;
      const at = (x: number, y: number) => ({ x: stage.x + x * scale, y: stage.y + y * scale });
      const from = at(40, 30);
      const to = at(140, 90);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
      await page.mouse.move(to.x, to.y);
      await page.mouse.up();
      const drawn = editor.getByRole("button", { name: /^Box 1 at / });
      await drawn.waitFor();

      const read = async () => {
        const stored = (
          await running.platform.http.get(`/anno/v1/observations/${await uuidOf("Colobonema", 6400)}`)
        ).json as { associations: StoredAssociation[] };
        return varsLocalizeBoxes(stored.associations);
      };
      const images = (await running.platform.http.get(`/anno/v1/images/videoreference/${clip.reference}`))
        .json as {
        image_reference_uuid: string;
        elapsed_time_millis: number;
      }[];
      const image = images.find((one) => one.elapsed_time_millis === 6400)?.image_reference_uuid;
      t.truthy(image, "the moment has an image");
      const [box] = await read();
      if (!box) throw new Error("no box stored");
      t.like(box, {
        image_reference_uuid: image,
        generator: "m3-console",
        part: "self",
        mime_type: "application/json",
      });
      for (const [key, expected] of Object.entries({ x: 40, y: 30, width: 100, height: 60 }))
        t.true(
          Math.abs(((box as unknown as Record<string, number>)[key] ?? Number.NaN) - expected) <= 2,
          `${key} ${JSON.stringify(box)}`,
        );

      // The lower right corner dragged 40 frame pixels right and 20 down.
      const corner = editor.locator("[data-corner='se']");
      const grip = await corner.boundingBox();
      if (!grip) throw new Error("no corner handle on screen");
      await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
      await page.mouse.down();
      await page.mouse.move(grip.x + grip.width / 2 + 20 * scale, grip.y + grip.height / 2 + 10 * scale);
      await page.mouse.move(grip.x + grip.width / 2 + 40 * scale, grip.y + grip.height / 2 + 20 * scale);
      await page.mouse.up();
      await editor
        .getByRole("button", { name: new RegExp(`^Box 1 at ${box.x}, ${box.y}, ${box.width + 40} by `) })
        .waitFor();
      let resized = (await read())[0];
      for (let tries = 0; tries < 50 && resized?.width === box.width; tries++) resized = (await read())[0];
      t.is(resized?.association_uuid, box.association_uuid);
      t.true(Math.abs((resized?.width ?? 0) - (box.width + 40)) <= 2, `width ${resized?.width}`);
      t.true(Math.abs((resized?.height ?? 0) - (box.height + 20)) <= 2, `height ${resized?.height}`);
      t.is(resized?.x, box.x);
      await drawn.focus();
      await page.keyboard.press("Delete");
      await drawn.waitFor({ state: "detached" });
      t.deepEqual(await read(), []);
      await mine.waitFor();
      await checkScreen(t, opened, "watch-boxes", { screenshot: false });
    },
  );

  async function uuidOf(concept: string, millis: number): Promise<string> {
    const answer = await running.platform.http.get(`/anno/v1/annotations/videoreference/${clip.reference}`);
    const found = (answer.json as StoredAnnotation[]).find(
      (one) =>
        one.concept === concept && one.elapsed_time_millis === millis && one.observer === "demo-annotator",
    );
    if (!found) throw new Error(`no ${concept} at ${millis} ms`);
    return found.observation_uuid;
  }
}
