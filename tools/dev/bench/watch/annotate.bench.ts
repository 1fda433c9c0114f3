/**
 * `npm run bench:annotate`: how soon a new annotation shows on the console's Watch screen, in
 * Debian's chromium (playwright-core) on localhost, against the all-in-one platform as
 * `npm start --demo` runs it (SQLite, the demo dives), signed in as demo-annotator, on the demo
 * clip paused at its start. BENCH_RUNS times (default 20) after two unmeasured ones, median and
 * slowest:
 * - the screen: a concept typed and its completions shown, then from the Enter key's event until
 *   the new row is in the annotation list (a MutationObserver in the page; goal < 200 ms);
 * - the floor: the same create (`POST /anno/v1/annotations`, the user's token) made by fetch from
 *   the same page, until its answer: what a screen waiting for the server would take at least.
 * Prints a markdown table; asserts nothing about speed.
 */
import type { Page } from "playwright-core";
import { benchRuns, printFigureAndFloor, type Timing } from "../console/console-measure.js";
import { openDemoClip, signedInPage, signedInToken, startDemoBench } from "../console/demo-session.js";

const RUNS = benchRuns(20);
/** Each run's concept, in turn: the new annotation is the selected row, of a concept the one before was not. */
const CONCEPTS = ["Mertensia", "Porifera sp. 1"];
/** The floor's concept: another, so its rows (seen live on the screen) never count as the screen's. */
const FLOOR_CONCEPT = "Laqueus californianus";

const { origin, browser, stop } = await startDemoBench();
try {
  const token = await signedInToken(origin);
  const page = await signedInPage(browser, token);
  const reference = (await openDemoClip(page, origin)).uuid;

  const screen: Timing = { name: "Enter to the new annotation in the list", goalMillis: 200, runs: [] };
  const floor: Timing = {
    name: "floor: the create's answer, fetch from the page",
    goalMillis: 200,
    runs: [],
  };
  for (let run = -2; run < RUNS; run++) {
    const shown = await timeShown(page, CONCEPTS[(run + 2) % CONCEPTS.length] as string);
    const answered = await timeAnswer(page, token, reference);
    if (run >= 0) {
      screen.runs.push(shown);
      floor.runs.push(answered);
    }
  }
  printFigureAndFloor("bench:annotate", screen, floor);
} finally {
  await stop();
}

/** From the Enter key's event until the list's selected row is the new annotation, in the page's own clock. */
async function timeShown(page: Page, concept: string): Promise<number> {
  const box = page.getByRole("combobox", { name: /^New annotation at / });
  await box.fill(concept);
  await page
    .getByRole("listbox", { name: /^New annotation at / })
    .getByRole("option")
    .first()
    .filter({ hasText: concept })
    .waitFor();
  await page.evaluate((concept) => {
    const state = window as unknown as { benchShown?: Promise<number> };
    state.benchShown = new Promise<number>((resolve, reject) => {
      setTimeout(() => reject(new Error("the new annotation did not show within 10 s")), 10_000);
      let pressed = 0;
      document.addEventListener(
        "keydown",
        (event) => {
          if (event.key === "Enter") pressed = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const selected = document.querySelector("[role=listitem] button[aria-pressed=true] .concept");
        if (pressed > 0 && selected?.textContent === concept) {
          observer.disconnect();
          resolve(performance.now() - pressed);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, concept);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith("/anno/v1/annotations") && response.request().method() === "POST",
  );
  await box.press("Enter");
  const millis = await page.evaluate(() => (window as unknown as { benchShown: Promise<number> }).benchShown);
  // The answer lands before the next run.
  await answered;
  return Math.round(millis);
}

/** The same create made by fetch from the page, until the answer has arrived. */
async function timeAnswer(page: Page, token: string, reference: string): Promise<number> {
  const millis = await page.evaluate(
    async ({ token, reference, concept }) => {
      const started = performance.now();
      const reply = await fetch("/anno/v1/annotations", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        // At the clip's end, so the floor's rows never push the screen's (at its start) out of the list's view.
        body: JSON.stringify({ video_reference_uuid: reference, concept, elapsed_time_millis: 29_000 }),
      });
      await reply.json();
      return performance.now() - started;
    },
    { token, reference, concept: FLOOR_CONCEPT },
  );
  return Math.round(millis);
}
