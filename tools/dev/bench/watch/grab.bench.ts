/**
 * `npm run bench:grab`: how long the console's frame grab takes, from the key to the image
 * attached, in Debian's chromium (playwright-core) on localhost, against the all-in-one platform
 * as `npm start --demo` runs it (SQLite, the demo dives, images archived on disk), signed in as
 * demo-annotator on the demo clip. Each run annotates a frame not grabbed before (unmeasured),
 * then measures, BENCH_RUNS times (default 10) after two unmeasured ones, median and slowest:
 * - the screen: from the g key's event until the screen says the frame is grabbed (capture's PNG,
 *   upload's archive, the image reference created; a MutationObserver in the page);
 * - the floor: capture alone, the PNG of another frame not grabbed before (`POST
 *   /capture/capture/png`, the user's token) by fetch from the same page: the step no grab skips.
 * Prints a markdown table; asserts nothing about speed.
 */
import type { Page } from "playwright-core";
import { benchRuns, printFigureAndFloor, type Timing } from "../console/console-measure.js";
import { openDemoClip, signedInPage, signedInToken, startDemoBench } from "../console/demo-session.js";

const RUNS = benchRuns(10);
/** Frames between two runs' annotations (the clip: 25 fps, 30 s). */
const FRAMES_APART = 12;
/** Where the floor's grabs are: a frame between two runs' frames, never grabbed by the screen. */
const FLOOR_OFFSET_FRAMES = 6;

const { origin, browser, stop } = await startDemoBench();
try {
  const token = await signedInToken(origin);
  const page = await signedInPage(browser, token);
  const clipUri = (await openDemoClip(page, origin)).uri;

  const screen: Timing = { name: "g to the frame grabbed and attached", goalMillis: 1000, runs: [] };
  const floor: Timing = {
    name: "floor: capture's PNG alone, fetch from the page",
    goalMillis: 1000,
    runs: [],
  };
  for (let run = -2; run < RUNS; run++) {
    await annotateNextFrame(page);
    const grabbed = await timeGrab(page);
    const frame = (run + 3) * FRAMES_APART + FLOOR_OFFSET_FRAMES;
    const captured = await timeCapture(page, token, clipUri, frame * 40);
    if (run >= 0) {
      screen.runs.push(grabbed);
      floor.runs.push(captured);
    }
  }
  printFigureAndFloor("bench:grab", screen, floor);
} finally {
  await stop();
}

/** FRAMES_APART frames on, a new annotation (selected), and the focus back on the screen's keys. */
async function annotateNextFrame(page: Page): Promise<void> {
  for (let frame = 0; frame < FRAMES_APART; frame++) await page.keyboard.press(".");
  await page.waitForFunction(() => document.querySelector("video")?.seeking === false);
  const box = page.getByRole("combobox", { name: /^New annotation at / });
  await box.fill("Mertensia");
  await page
    .getByRole("listbox", { name: /^New annotation at / })
    .getByRole("option")
    .first()
    .waitFor();
  const created = page.waitForResponse(
    (response) => response.url().endsWith("/anno/v1/annotations") && response.request().method() === "POST",
  );
  await box.press("Enter");
  await created;
  await page.getByRole("button", { name: "Grab frame" }).and(page.locator(":enabled")).waitFor();
  await page.getByRole("heading", { level: 1 }).click();
}

/** From the g key's event until the screen says the frame is grabbed, in the page's own clock. */
async function timeGrab(page: Page): Promise<number> {
  await page.evaluate(() => {
    const state = window as unknown as { benchGrabbed?: Promise<number> };
    state.benchGrabbed = new Promise<number>((resolve, reject) => {
      setTimeout(() => reject(new Error("the frame was not grabbed within 30 s")), 30_000);
      let pressed = 0;
      document.addEventListener(
        "keydown",
        (event) => {
          if (event.key === "g") pressed = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const grabbed = [...document.querySelectorAll("[role=status]")].some((one) =>
          one.textContent?.includes("Frame grabbed"),
        );
        if (pressed > 0 && grabbed) {
          observer.disconnect();
          resolve(performance.now() - pressed);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  });
  await page.keyboard.press("g");
  const millis = await page.evaluate(
    () => (window as unknown as { benchGrabbed: Promise<number> }).benchGrabbed,
  );
  return Math.round(millis);
}

/** Capture's PNG of the clip at `elapsedTimeMillis`, by fetch from the page, until its last byte. */
async function timeCapture(
  page: Page,
  token: string,
  videoUrl: string,
  elapsedTimeMillis: number,
): Promise<number> {
  const millis = await page.evaluate(
    async ({ token, videoUrl, elapsedTimeMillis }) => {
      const started = performance.now();
      const reply = await fetch("/capture/capture/png", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ videoUrl, elapsedTimeMillis }),
      });
      if (!reply.ok) throw new Error(`capture answered ${reply.status}`);
      await reply.arrayBuffer();
      return performance.now() - started;
    },
    { token, videoUrl, elapsedTimeMillis },
  );
  return Math.round(millis);
}
