import type { ExecutionContext, TestFn } from "ava";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { checkScreen, openPage, type PageProblems } from "../../../tools/dev/fixtures/browser-page.js";
import type { Backend } from "../e2e/test-platform.js";
import { barMiddle, type CanvasPoint, settledMark } from "./chart-canvas.js";
import { type ConsolePlatform, startConsolePlatform } from "./console-platform.js";

/** The map's land and sea fills (gateway/console/src/components/map-style.ts's MAP_COLOURS). */
const LAND = [0xe8, 0xe1, 0xcf] as const;
const SEA = [0xdc, 0xea, 0xf5] as const;
const TRACK = [0x0b, 0x4f, 0x8a] as const;

/** The share of the element's pixels within a few levels of `colour`, from a screenshot of it. */
async function shareOf(element: Locator, colours: readonly (readonly [number, number, number])[]) {
  const { data, info } = await sharp(await element.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const counts = colours.map(() => 0);
  for (let at = 0; at < data.length; at += 3) {
    colours.forEach((colour, index) => {
      if (colour.every((level, channel) => Math.abs((data[at + channel] ?? 0) - level) <= 6))
        counts[index] = (counts[index] ?? 0) + 1;
    });
  }
  return counts.map((count) => count / pixels);
}

/** Every request the page makes whose origin is not the platform's (data: and blob: are in the page). */
function requestsElsewhere(page: Page, origin: string): string[] {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== origin)
      elsewhere.push(request.url());
  });
  return elsewhere;
}

/** The number a status or caption states first, as "Seen in 42 annotations" or "...: 42 annotations". */
async function countIn(locator: Locator): Promise<number> {
  return Number(/(\d+) annotations/.exec(await locator.innerText())?.[1]);
}

/** The middle of a bar of the named bar chart, in page coordinates (`barMiddle`). */
async function pointOnBar(page: Page, chart: string): Promise<CanvasPoint> {
  const canvas = page.getByRole("img", { name: chart, exact: true }).locator("canvas").first();
  await canvas.scrollIntoViewIfNeeded();
  return settledMark(canvas, chart, barMiddle);
}

/** Waits for the map of the page to have its land drawn and settled. */
async function drawnMap(page: Page): Promise<Locator> {
  const figure = page.locator("figure[data-land=drawn]");
  await figure.waitFor({ timeout: 30_000 });
  return figure.getByRole("img", { name: /^Map of \d+ annotation positions/ });
}

/**
 * Where a concept lives (issue 33 §7) in a real browser, by keyboard and mouse only: a name and
 * Enter in the header opens the concept's page with its depth and time histograms and a map with
 * land on it, the descendants toggle widens the counts, the page links to the same annotations in
 * the search, and the dive page maps the dive's track. Nothing is fetched from elsewhere.
 */
export function registerConsoleMapTests(test: TestFn, backend: Backend): void {
  let running: ConsolePlatform;
  let browser: Browser;
  let origin: string;
  const check = (t: ExecutionContext, opened: PageProblems, screen: string) =>
    checkScreen(t, opened, screen, { screenshot: backend === "sqlite" });

  test.before(async () => {
    running = await startConsolePlatform(backend);
    ({ browser, origin } = running);
  });
  test.after.always(async () => {
    await running?.stop();
  });

  test.serial(
    "a concept's name and Enter in the header open its page: where and when it was seen, on a map with land, nothing fetched from elsewhere",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      const elsewhere = requestsElsewhere(page, origin);
      await page.goto(`${origin}/`);
      await page.getByRole("heading", { name: "Platform status" }).waitFor();
      await page.getByLabel("Open a kb page").click();
      await page.keyboard.type("crossota millsae");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 2, name: "Crossota millsae", exact: true }).waitFor();
      t.regex(page.url(), /#\/kb\/Crossota%20millsae$/);

      const seen = page.getByRole("status").filter({ hasText: /Seen in \d+ annotations/ });
      await seen.waitFor();
      const total = await countIn(seen);
      t.true(total > 0, `${total} annotations of Crossota millsae in the demo`);
      // The demo's annotations all have a depth and a recorded time: each histogram counts them all.
      t.is(await countIn(page.getByText(/Seen by depth: \d+ annotations/)), total);
      t.is(await countIn(page.getByText(/Seen by time: \d+ annotations/)), total);

      const map = await drawnMap(page);
      const [land = 0, sea = 0] = await shareOf(map, [LAND, SEA]);
      // The demo's dives are off Monterey: the fitted view holds the coast, land and sea both.
      t.true(land > 0.02, `land covers ${(land * 100).toFixed(1)}% of the map`);
      t.true(sea > 0.05, `sea covers ${(sea * 100).toFixed(1)}% of the map`);
      t.regex(await page.locator("figure[data-land=drawn] figcaption").innerText(), /Natural Earth/);
      t.deepEqual(elsewhere, [], "requests outside the platform's origin");
      await check(t, opened, "kb-sightings");
    },
  );

  test.serial(
    "including descendants widens a concept's counts, and the page's link opens the same annotations in the search",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/kb`);
      await page.getByLabel("Find a concept by any name").click();
      await page.keyboard.type("Crossota");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 2, name: "Crossota", exact: true }).waitFor();
      const seen = page.getByRole("status").filter({ hasText: /Seen in \d+ annotations/ });
      await seen.waitFor();
      const alone = await countIn(seen);

      await page.getByLabel("Include descendants").click();
      await page
        .getByRole("status")
        .filter({ hasText: /concepts under it/ })
        .waitFor();
      const widened = await countIn(seen);
      t.true(widened > alone, `${widened} with descendants, ${alone} without`);
      t.regex(page.url(), /#\/kb\/Crossota\?descendants=true$/);
      const depthTotal = await countIn(page.getByText(/Seen by depth: \d+ annotations/));

      await page.getByRole("link", { name: "Search these annotations" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: /annotations found/ })
        .waitFor();
      t.regex(page.url(), /concept=Crossota/);
      t.true(await page.getByLabel("and its descendants").isChecked());
      t.is(await countIn(page.getByText(/Annotations by depth: \d+ annotations/)), depthTotal);
      const table = page.getByRole("table", { name: "Annotations found" });
      t.true((await table.getByRole("cell", { name: "Crossota millsae" }).count()) > 0);

      // Back on the concept alone, the counts are the concept's own again.
      await page.goBack();
      await page.getByLabel("Include descendants").click();
      await page.waitForURL(/#\/kb\/Crossota$/);
      await page
        .getByRole("status")
        .filter({ hasText: new RegExp(`Seen in ${alone} annotations \\(Crossota\\)`) })
        .waitFor();
      await check(t, opened, "kb-sightings-descendants");
    },
  );

  test.serial(
    "clicking a bar of the concept's depth histogram opens the search for the annotations it counts",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/kb/${encodeURIComponent("Crossota millsae")}`);
      const caption = page.getByText(/Seen by depth: [1-9]\d* annotations/);
      const chart = page.getByRole("img", { name: "Seen by depth", exact: true });
      await caption.waitFor();
      t.is(await chart.getAttribute("data-motion"), "animated");
      // A reader who asked for less motion gets the bars drawn at once.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.reload();
      await caption.waitFor();
      t.is(await chart.getAttribute("data-motion"), "still");
      const bar = await pointOnBar(page, "Seen by depth");
      await page.mouse.click(bar.x, bar.y);
      await page
        .getByRole("status")
        .filter({ hasText: /annotations found/ })
        .waitFor();
      const query = new URLSearchParams(new URL(page.url()).hash.split("?")[1]);
      t.is(query.get("concept"), "Crossota millsae");
      const [min, max] = [Number(query.get("minDepth")), Number(query.get("maxDepth"))];
      t.true(max > min, `the bar's range ${min}-${max} m`);
      t.is(await page.getByLabel("Minimum depth (m)").inputValue(), String(min));
      const counted = await countIn(page.getByText(/Annotations by depth: \d+ annotations/));
      t.true(counted > 0, `${counted} annotations in the bar`);
      const depths = await page
        .getByRole("table", { name: "Annotations found" })
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: "Crossota millsae" }) })
        .evaluateAll((rows) =>
          rows.map((row) => Number(row.querySelectorAll("[role=cell]")[2]?.textContent)),
        );
      t.true(depths.length > 0 && depths.every((depth) => depth >= min && depth < max), depths.join(", "));
      await checkScreen(t, opened, "kb-sightings-bar", { screenshot: false });
    },
  );

  test.serial("the dive page maps the dive's track and its annotations", async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    const elsewhere = requestsElsewhere(page, origin);
    await page.goto(`${origin}/#/dive`);
    await page.getByLabel("Video sequence").selectOption("Demo Ventana 4101");
    const map = await drawnMap(page);
    t.regex(
      (await map.getAttribute("aria-label")) ?? "",
      /^Map of [1-9]\d* annotation positions and the dive track$/,
    );
    t.regex(
      await page.locator("figure[data-land=drawn] figcaption").innerText(),
      /on a track of [1-9]\d* positions/,
    );
    const [track = 0] = await shareOf(map, [TRACK]);
    t.true(track > 0.0002, `the track covers ${(track * 100).toFixed(2)}% of the map`);
    t.deepEqual(elsewhere, [], "requests outside the platform's origin");
    await check(t, opened, "dive-track");
  });
}
