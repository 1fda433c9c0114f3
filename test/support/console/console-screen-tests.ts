import { readFileSync } from "node:fs";
import type { TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { checkScreen, openPage, type PageProblems } from "../../../tools/dev/fixtures/browser-page.js";
import type { Backend } from "../e2e/test-platform.js";
import { type CanvasPoint, divePoint, settledMark } from "./chart-canvas.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";

/**
 * The web console in a real browser (Debian's chromium through playwright-core) against a
 * platform holding the real kb and the demo dives: one test per screen's main path, read as a
 * person reads it (roles and labels), each failing on any browser error and on serious or
 * critical accessibility violations. One build, one platform and one browser for all of them.
 * Registered by one test file per engine, so every screen is seen working on both; the screenshots
 * docs/console.md shows are taken on SQLite.
 */
export function registerConsoleScreenTests(test: TestFn, backend: Backend): void {
  const check = (t: Parameters<typeof checkScreen>[0], opened: PageProblems, screen: string) =>
    checkScreen(t, opened, screen, { screenshot: backend === "sqlite" });
  let running: ConsolePlatform;
  let browser: Browser;
  let origin: string;

  test.before(async () => {
    running = await startConsolePlatform(backend);
    ({ browser, origin } = running);
  });

  test.after.always(async () => {
    await running?.stop();
  });

  test.serial(
    "the status screen shows every domain ready with its version, the counts and the API docs",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/`);
      await t.notThrowsAsync(page.getByRole("heading", { name: "Platform status" }).waitFor());
      for (const title of [
        "Knowledge base",
        "Annotations",
        "Video registry",
        "Configuration",
        "Frame capture",
        "Image upload",
      ]) {
        const card = page.getByRole("article", { name: title });
        await card.getByText("Ready").waitFor();
        t.regex(await card.innerText(), /Version: 0\.1\.0/, title);
      }
      const docs = page.getByRole("link", { name: "API documentation for Video registry" });
      t.is(await docs.getAttribute("href"), "/vam/v1/docs");
      const counts = page.getByRole("table", { name: "Counts" });
      await counts.getByRole("row", { name: /Annotations \d+/ }).waitFor();
      t.regex(await counts.getByRole("row", { name: /^Annotations/ }).innerText(), /\b[1-9]\d*\b/);
      // Each concept counted once (not each of its names), as many as the whole tree holds.
      const taxa = (await (await fetch(`${origin}/kb/v1/phylogeny/taxa/object`)).json()) as unknown[];
      t.is(
        await counts
          .getByRole("row", { name: /^Concepts/ })
          .getByRole("cell")
          .innerText(),
        String(taxa.length),
      );
      await check(t, opened, "status");
    },
  );

  test.serial(
    "the status screen shows a domain that is down, or whose database is, in red with the reason",
    async (t) => {
      const opened = await openPage(browser, [/503 GET .*\/status/, /status of 503/]);
      const { page } = opened;
      // A degraded platform as /status reports it: the kb not serving, the annotation database unreachable.
      await page.route("**/status", (route) =>
        route.fulfill({
          status: 503,
          json: {
            status: "unavailable",
            domains: {
              kb: "NOT_SERVING",
              annotation: "SERVING",
              registry: "SERVING",
              config: "SERVING",
              capture: "SERVING",
              upload: "SERVING",
            },
            databases: { annotation: "unreachable", registry: "ok" },
          },
        }),
      );
      await page.goto(`${origin}/`);
      const kbCard = page.getByRole("article", { name: "Knowledge base" });
      await kbCard.getByText("Down: the domain answers NOT_SERVING").waitFor();
      await page
        .getByRole("article", { name: "Annotations" })
        .getByText("Down: its database is unreachable")
        .waitFor();
      t.regex((await kbCard.getAttribute("class")) ?? "", /\bbad\b/);
      await page.getByRole("article", { name: "Video registry" }).getByText("Ready").waitFor();
      await check(t, opened, "status-degraded");
    },
  );

  test.serial("a failed call says what failed and why", async (t) => {
    const opened = await openPage(browser, [/500 GET .*\/kb\/v1\/concept\/find\//, /status of 500/]);
    const { page } = opened;
    await page.route("**/kb/v1/concept/find/**", (route) =>
      route.fulfill({ status: 500, json: { message: "the kb database is gone", responseCode: 500 } }),
    );
    await page.goto(`${origin}/#/kb`);
    await page.getByLabel("Find a concept by any name").fill("Crossota");
    t.is(
      await page.getByRole("alert").innerText(),
      "GET /kb/v1/concept/find/Crossota failed: 500 the kb database is gone",
    );
    await check(t, opened, "error");
  });

  test.serial(
    "the knowledge base screen expands the tree, suggests concepts by name and shows a concept's page",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/kb`);
      await page.getByRole("button", { name: "Expand physical object" }).click();
      await t.notThrowsAsync(page.getByRole("link", { name: "marine organism", exact: true }).waitFor());
      await page.getByLabel("Find a concept by any name").fill("Crossota mil");
      await page
        .getByRole("list", { name: "Suggestions" })
        .getByRole("link", { name: "Crossota millsae" })
        .click();
      await page.getByRole("heading", { level: 2, name: "Crossota millsae" }).waitFor();
      t.regex(page.url(), /#\/kb\/Crossota%20millsae$/);
      t.regex(
        await page.getByRole("navigation", { name: "Parent path" }).innerText(),
        /Cnidaria.*Crossota$/s,
      );
      t.true((await page.getByRole("table", { name: "Links" }).getByRole("row").count()) > 1);
      t.regex(await page.getByRole("heading", { name: /^Media \(\d+\)$/ }).innerText(), /Media \([1-9]/);
      await check(t, opened, "kb");
    },
  );

  test.serial(
    "Enter in the kb search opens the concept having the typed name, in any case, an alternate name too",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/kb`);
      const search = page.getByLabel("Find a concept by any name");
      // Typed and entered at once, before any suggestion shows. "grenadier" is an alternate
      // name of Macrouridae; concepts sorted before it (Coryphaenoides ...) have it in theirs.
      await search.fill("GRENADIER");
      await search.press("Enter");
      await page.getByRole("heading", { level: 2, name: "Macrouridae", exact: true }).waitFor();
      t.regex(page.url(), /#\/kb\/Macrouridae$/);
      t.is(await search.inputValue(), "");

      await search.fill("crossota millsae");
      await page.getByRole("list", { name: "Suggestions" }).getByRole("link").first().waitFor();
      await search.press("Enter");
      await page.getByRole("heading", { level: 2, name: "Crossota millsae", exact: true }).waitFor();
      t.regex(page.url(), /#\/kb\/Crossota%20millsae$/);
      await checkScreen(t, opened, "kb-search-enter", { screenshot: false });
    },
  );

  test.serial(
    "Enter in the kb search opens the first concept suggested for part of a name, and says when none is",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/kb`);
      const search = page.getByLabel("Find a concept by any name");
      await search.fill("eelpou");
      const suggestions = page.getByRole("list", { name: "Suggestions" }).getByRole("link");
      await suggestions.first().waitFor();
      t.true((await suggestions.count()) > 1, "more than one concept has a name containing eelpou");
      const first = await suggestions.first().innerText();
      await search.press("Enter");
      await page.getByRole("heading", { level: 2, name: first, exact: true }).waitFor();
      const shown = () => decodeURIComponent(new URL(page.url()).hash);
      t.is(shown(), `#/kb/${first}`);

      await search.fill("qqxqq");
      await search.press("Enter");
      await page
        .getByRole("status")
        .filter({ hasText: "No concept has a name containing “qqxqq”." })
        .waitFor();
      t.is(shown(), `#/kb/${first}`);
      await checkScreen(t, opened, "kb-search-enter-partial", { screenshot: false });
    },
  );

  /**
   * The concept a row of the tree sits under, as its indentation shows it: the nearest row above
   * it one level up (each row states its level, as a screen reader reads it).
   */
  function parentInTree(page: Page, name: string): Promise<string | undefined> {
    return page
      .getByRole("region", { name: "Concept tree" })
      .getByRole("listitem")
      .evaluateAll((items, shown) => {
        const rows = items.map((item) => ({
          name: item.querySelector("a")?.textContent?.trim(),
          level: Number(item.getAttribute("aria-level")),
        }));
        const at = rows.findIndex((row) => row.name === shown);
        const level = rows[at]?.level ?? 0;
        return at < 0 ? undefined : rows.slice(0, at).findLast((row) => row.level === level - 1)?.name;
      }, name);
  }

  /** Waits until the tree shows `name` under `parent`, and says where it is shown then. */
  async function shownUnder(page: Page, name: string, parent: string): Promise<string | undefined> {
    for (let tries = 0; tries < 100 && (await parentInTree(page, name)) !== parent; tries++)
      await page.waitForTimeout(100);
    return parentInTree(page, name);
  }

  async function expandInTree(page: Page, names: string[]): Promise<void> {
    for (const name of names) {
      await page.getByRole("button", { name: `Expand ${name}`, exact: true }).click();
      await page.getByRole("button", { name: `Collapse ${name}`, exact: true }).waitFor();
    }
  }

  test.serial(
    "the concept tree shows a moved concept under its new parent, and back where it was once the move is rejected, without a reload",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      const concept = "sunlit water";
      await signIn(page, origin, "demo-maint");
      await page.goto(`${origin}/#/kb/${encodeURIComponent(concept)}`);
      await page.getByRole("heading", { level: 2, name: concept, exact: true }).waitFor();
      await expandInTree(page, ["ocean zone", "photic zone", "pelagic zone"]);
      t.is(await parentInTree(page, concept), "photic zone");
      // Set in this document: still there afterwards only if the page was not loaded again.
      await page.evaluate(() => Object.assign(window, { m3SameDocument: true }));

      await page.getByLabel("Find a new parent").fill("pelagic zo");
      await page.getByRole("button", { name: "Choose pelagic zone", exact: true }).click();
      await page.getByRole("button", { name: "Move under pelagic zone" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `Moved ${concept} under pelagic zone` })
        .waitFor();
      t.is(await shownUnder(page, concept, "pelagic zone"), "pelagic zone");
      for (const name of ["ocean zone", "photic zone", "pelagic zone"])
        t.is(await page.getByRole("button", { name: `Collapse ${name}`, exact: true }).count(), 1, name);
      t.true(await page.evaluate(() => "m3SameDocument" in window));

      await page.getByRole("button", { name: "Sign out" }).click();
      await signIn(page, origin, "demo-admin");
      await page.goto(`${origin}/#/kb/${encodeURIComponent(concept)}`);
      await expandInTree(page, ["ocean zone", "pelagic zone", "photic zone"]);
      t.is(await parentInTree(page, concept), "pelagic zone");
      await page.evaluate(() => Object.assign(window, { m3SameDocument: true }));
      await page
        .getByRole("table", { name: "Pending changes" })
        .getByRole("row", { name: new RegExp(`${concept}.*photic zone → pelagic zone`) })
        .getByRole("button", { name: /^Review change \d+$/ })
        .click();
      await page.getByRole("list", { name: "Annotations using the names" }).waitFor();
      await page.getByRole("button", { name: /^Reject change \d+$/ }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `of ${concept}` })
        .waitFor();
      t.is(await shownUnder(page, concept, "photic zone"), "photic zone");
      t.is(await page.getByRole("button", { name: "Collapse pelagic zone", exact: true }).count(), 1);
      t.true(await page.evaluate(() => "m3SameDocument" in window));
      await checkScreen(t, opened, "kb-tree-move", { screenshot: false });
    },
  );

  async function downloadedTsv(page: Page): Promise<string> {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download TSV" }).click();
    const path = await (await download).path();
    return readFileSync(path, "utf8");
  }

  test.serial(
    "the annotation search puts its filters in the URL and shows rows, histograms, a map and a TSV download",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/search`);
      await page.getByLabel("Concept").fill("Crossota millsae");
      await page.getByLabel("Minimum depth (m)").fill("100");
      await page.getByRole("button", { name: "Search" }).click();
      const found = page.getByRole("status").filter({ hasText: /annotations found/ });
      await found.waitFor();
      t.regex(page.url(), /concept=Crossota(\+|%20)millsae.*minDepth=100|minDepth=100.*concept=Crossota/);
      const total = Number(/(\d+) annotations found/.exec(await found.innerText())?.[1]);
      t.true(total > 0);
      const table = page.getByRole("table", { name: "Annotations found" });
      t.true((await table.getByRole("cell", { name: "Crossota millsae" }).count()) > 0);
      // The rows shown carry the columns the table lists: each one's depth meets the filter.
      const depths = await table
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: "Crossota millsae" }) })
        .evaluateAll((rows) =>
          rows.map((row) => Number(row.querySelectorAll("[role=cell]")[2]?.textContent)),
        );
      t.true(depths.length > 0 && depths.every((depth) => depth >= 100), depths.join(", "));
      t.regex(
        await page.getByText(/Annotations by depth: \d+ annotations/).innerText(),
        new RegExp(`: ${total} annotations`),
      );
      await page.getByText(/Annotations by time: \d+ annotations/).waitFor();
      await page.getByRole("img", { name: `Map of ${total} annotation positions` }).waitFor();
      const tsv = await downloadedTsv(page);
      const [header, ...rows] = tsv.trim().split("\n");
      t.regex(header ?? "", /^observation_uuid\tconcept/);
      t.is(rows.length, total);
      // The URL alone brings the same search back.
      await page.reload();
      await page
        .getByRole("status")
        .filter({ hasText: `${total} annotations found` })
        .waitFor();
      await check(t, opened, "search");
    },
  );

  test.serial(
    "the media screen walks from a video sequence to its videos, files, images and annotations",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/media`);
      await page.getByRole("link", { name: "Demo Ventana 4101" }).click();
      await page.getByRole("heading", { name: "Videos of Demo Ventana 4101" }).waitFor();
      const files = page.getByRole("list", { name: /^Files of Demo Ventana 4101/ });
      await files.nth(1).waitFor();
      t.true((await files.count()) > 1);
      // The demo's clip (the second video) holds the stored frames.
      await files.nth(1).getByRole("link").first().click();
      await page.getByRole("heading", { name: /^Images \([1-9]\d*\)$/ }).waitFor();
      t.true((await page.getByRole("list", { name: "Images" }).getByRole("listitem").count()) > 0);
      t.true(
        (await page.getByRole("table", { name: "Annotations of the video file" }).getByRole("row").count()) >
          1,
      );
      await check(t, opened, "media");
    },
  );

  test.serial(
    "a signed-in user sees the frame capture grabs for an annotation without a stored image",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await page.goto(`${origin}/#/signin`);
      await page.getByLabel("User name").fill("demo-annotator");
      await page.getByLabel("Password").fill("m3-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("banner").getByText("Signed in as demo-annotator").waitFor();
      await page.goto(`${origin}/#/media?sequence=${encodeURIComponent("Demo Ventana 4101")}`);
      // The demo's clip (the second video) is a file capture may read.
      await page
        .getByRole("list", { name: /^Files of Demo Ventana 4101/ })
        .nth(1)
        .getByRole("link")
        .first()
        .click();
      const table = page.getByRole("table", { name: "Annotations of the video file" });
      const show = table.getByRole("button", { name: /^Show the frame of .+ at \d+\.\d s$/ }).first();
      const label = (await show.innerText()).replace(/^Show the frame of /, "");
      const captured = page.waitForResponse((response) => response.url().endsWith("/capture/capture/jpg"));
      await show.click();
      const reply = await captured;
      t.is(reply.status(), 200);
      t.is(reply.headers()["content-type"], "image/jpeg");
      const frame = table.getByRole("img", { name: `Frame of ${label}` });
      await frame.waitFor();
      const size = await frame.evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      });
      t.true(size.width > 0 && size.height > 0, `a decoded frame, ${size.width}x${size.height}`);
      await check(t, opened, "media-frame");
    },
  );

  /** The centre of one whole plotted point of the dive chart, on the page (`divePoint`). */
  function pointOnCanvas(page: Page): Promise<CanvasPoint> {
    const canvas = page
      .getByRole("img", { name: "Depth against time, annotations by concept" })
      .locator("canvas")
      .first();
    return settledMark(canvas, "dive", divePoint);
  }

  test.serial(
    "the dive profile plots a dive's annotations by depth and time and shows the one clicked",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      // The reader asked for less motion: the chart is drawn without its entry animation.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(`${origin}/#/dive`);
      await page.getByLabel("Video sequence").selectOption("Demo Ventana 4101");
      await page
        .getByRole("status")
        .filter({ hasText: /\d+ annotations with a depth/ })
        .waitFor();
      t.regex(page.url(), /#\/dive\?sequence=Demo(\+|%20)Ventana(\+|%20)4101$/);
      const chart = page.getByRole("img", { name: "Depth against time, annotations by concept" });
      t.is(await chart.getAttribute("data-motion"), "still");
      const detail = page.getByRole("heading", { level: 2, name: / at \d+(\.\d+)? m$/ });
      const point = await pointOnCanvas(page);
      await page.mouse.click(point.x, point.y);
      await detail.waitFor();
      await check(t, opened, "dive");
    },
  );

  test.serial(
    "signing in keeps the kb user for the tab, offers what the role allows and signs out",
    async (t) => {
      const opened = await openPage(browser, [/401 POST .*\/kb\/v1\/auth\/login/, /status of 401/]);
      const { page } = opened;
      await page.goto(`${origin}/#/signin`);
      await page.getByLabel("User name").fill("demo-maint");
      await page.getByLabel("Password").fill("wrong password");
      await page.getByRole("button", { name: "Sign in" }).click();
      t.regex(await page.getByRole("alert").innerText(), /POST \/kb\/v1\/auth\/login failed: 401/);
      await page.getByLabel("Password").fill("m3-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("banner").getByText("Signed in as demo-maint (Maint)").waitFor();
      await page.goto(`${origin}/#/kb`);
      await page.reload();
      await page.getByRole("banner").getByText("Signed in as demo-maint (Maint)").waitFor();
      const maintenance = page.getByRole("region", { name: "Maintenance" });
      await maintenance.getByRole("heading", { name: "Changes awaiting approval (0)" }).waitFor();
      t.regex(await maintenance.innerText(), /Nothing awaits approval/);
      await page.goto(`${origin}/#/signin`);
      await check(t, opened, "signin");
    },
  );

  test.serial("after signing out the console offers signing in again and no editing", async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    await page.goto(`${origin}/#/signin`);
    await page.getByLabel("User name").fill("demo-admin");
    await page.getByLabel("Password").fill("m3-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await t.notThrowsAsync(page.getByRole("link", { name: "Sign in" }).waitFor());
    await page.goto(`${origin}/#/kb`);
    await page.getByRole("heading", { name: "Concept tree" }).waitFor();
    t.is(await page.getByRole("region", { name: "Maintenance" }).count(), 0);
    await check(t, opened, "signed-out");
  });
}
