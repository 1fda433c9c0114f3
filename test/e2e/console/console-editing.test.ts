import test from "ava";
import type { Browser, Page } from "playwright-core";
import { checkScreen, openPage } from "../../../tools/dev/fixtures/browser-page.js";
import {
  type ConsolePlatform,
  signIn,
  startConsolePlatform,
} from "../../support/console/console-platform.js";

/**
 * Editing the kb in the console, in chromium against the real kb and the demo's users: a
 * maintainer renames, re-ranks, moves and names concepts and sees the result; an administrator
 * reviews the pending changes with their impact on annotations and approves or rejects them; a
 * reader is offered no editing. The tests run in order: each reviews what the one before changed.
 */
let running: ConsolePlatform;
let browser: Browser;
let origin: string;

test.before(async () => {
  running = await startConsolePlatform();
  ({ browser, origin } = running);
});

test.after.always(async () => {
  await running?.stop();
});

async function openConcept(page: Page, name: string): Promise<void> {
  await page.goto(`${origin}/#/kb/${encodeURIComponent(name)}`);
  await page.getByRole("heading", { level: 2, name, exact: true }).waitFor();
}

function editor(page: Page, name: string) {
  return page.getByRole("region", { name: `Edit ${name}` });
}

async function rankShown(page: Page): Promise<string> {
  return page.getByRole("article").locator("dt:text-is('Rank') + dd").innerText();
}

test.serial("a maintainer renames a concept, changes a rank, moves a concept and adds a name", async (t) => {
  const opened = await openPage(browser);
  const { page } = opened;
  await signIn(page, origin, "demo-maint");

  await openConcept(page, "Crossota millsae");
  await editor(page, "Crossota millsae").getByRole("button", { name: "Edit Crossota millsae" }).click();
  await page.getByLabel("New spelling of Crossota millsae").fill("Crossota millsae Thuesen");
  await page.getByRole("button", { name: "Save Crossota millsae" }).click();
  await page.getByRole("heading", { level: 2, name: "Crossota millsae Thuesen", exact: true }).waitFor();
  t.regex(page.url(), /#\/kb\/Crossota%20millsae%20Thuesen$/);

  await openConcept(page, "Crossota alba");
  t.is(await rankShown(page), "species");
  await page.getByLabel("Rank (level and name)").selectOption({ label: "sub species" });
  await page.getByRole("button", { name: "Set rank" }).click();
  await page.getByRole("status").filter({ hasText: "Set the rank to sub species" }).waitFor();
  await page.getByRole("article").getByText("subspecies", { exact: true }).waitFor();

  await openConcept(page, "Crossota rufobrunnea");
  await page.getByLabel("Find a new parent").fill("Colobonem");
  await page.getByRole("button", { name: "Choose Colobonema", exact: true }).click();
  await page.getByRole("button", { name: "Move under Colobonema" }).click();
  await page.getByRole("navigation", { name: "Parent path" }).getByText("Colobonema").waitFor();
  t.regex(
    await page.getByRole("navigation", { name: "Parent path" }).innerText(),
    /Rhopalonematidae › Colobonema$/,
  );

  await openConcept(page, "Crossota pedunculata");
  await page.getByLabel("New name", { exact: true }).fill("stalked Crossota");
  await page.getByLabel("Type of the new name").selectOption("common");
  await page.getByRole("button", { name: "Add name" }).click();
  const names = page.getByRole("table", { name: "Names of the concept" });
  await names.getByRole("row", { name: /stalked Crossota common/ }).waitFor();
  // The concept's page reloads its view after the editor's table: wait for it rather than race it.
  await t.notThrowsAsync(
    page.waitForFunction(() =>
      /Other names\s+stalked Crossota/.test(document.querySelector("article")?.innerText ?? ""),
    ),
  );
  // Each of the four changes waits for an administrator, and the list above says so at once.
  await page.getByRole("heading", { name: "Changes awaiting approval (4)" }).waitFor();
  await checkScreen(t, opened, "kb-edit");
});

test.serial("a failed edit says what failed and why", async (t) => {
  const opened = await openPage(browser, [/40\d PUT .*\/kb\/v1\/concept\//, /status of 40\d/]);
  const { page } = opened;
  await signIn(page, origin, "demo-maint");
  await openConcept(page, "Crossota pedunculata");
  // A maintainer may not clear a rank: the kb refuses, and the console says so.
  await page.getByLabel("Rank (level and name)").selectOption({ label: "none" });
  await page.getByRole("button", { name: "Set rank" }).click();
  t.regex(
    await editor(page, "Crossota pedunculata").getByRole("alert").innerText(),
    /^PUT \/kb\/v1\/concept\/Crossota%20pedunculata failed: 4\d\d \S/,
  );
  t.is(await rankShown(page), "species");
  await checkScreen(t, opened, "kb-edit-error");
});

test.serial(
  "an administrator sees each pending change's impact on annotations, rejects a rename and approves a rank",
  async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    await signIn(page, origin, "demo-admin");
    await page.goto(`${origin}/#/kb`);
    const pending = page.getByRole("table", { name: "Pending changes" });
    const rename = pending.getByRole("row", { name: /Crossota millsae → Crossota millsae Thuesen/ });
    await rename.getByRole("button", { name: /^Review change \d+$/ }).click();
    const uses = page.getByRole("list", { name: "Annotations using the names" });
    await uses.waitFor();
    const oldNameUses = Number(
      /(\d+) annotations use Crossota millsae\n/.exec(`${await uses.innerText()}\n`)?.[1],
    );
    t.true(oldNameUses > 0, "the demo annotates Crossota millsae");
    await page.getByRole("button", { name: /^Reject change \d+$/ }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Rejected change \d+ of Crossota millsae Thuesen/ })
      .waitFor();
    t.is(await pending.getByRole("row", { name: /Crossota millsae Thuesen/ }).count(), 0);

    const rank = pending.getByRole("row", { name: /Crossota alba.*Rank: species → sub species/ });
    await rank.getByRole("button", { name: /^Review change \d+$/ }).click();
    await page
      .getByRole("list", { name: "Annotations using the names" })
      .getByText(/\d+ annotations use Crossota alba/)
      .waitFor();
    await page.getByRole("button", { name: /^Approve change \d+$/ }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Approved change \d+ of Crossota alba/ })
      .waitFor();

    await openConcept(page, "Crossota millsae");
    const history = page.getByRole("table", { name: "History" });
    await history
      .getByRole("row", { name: /ConceptName: Crossota millsae → Crossota millsae Thuesen no/ })
      .waitFor();
    await openConcept(page, "Crossota alba");
    t.is(await rankShown(page), "subspecies");
    await page
      .getByRole("table", { name: "History" })
      .getByRole("row", { name: /Rank: species → sub species yes/ })
      .waitFor();
    await checkScreen(t, opened, "kb-review");
  },
);

/** The accessible names of the controls Tab reaches, in order, up to `limit` presses. */
async function tabOrder(page: Page, limit: number): Promise<string[]> {
  const reached: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press("Tab");
    reached.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (element === null) return "";
        const ariaLabel = element.getAttribute("aria-label");
        if (ariaLabel !== null) return ariaLabel;
        // A form control is named by the text of its label (a select's own text is its options).
        const label = element.closest("label");
        if (label !== null && ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName)) {
          const texts = Array.from(label.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE);
          return texts
            .map((node) => node.textContent ?? "")
            .join("")
            .trim();
        }
        return element.textContent?.trim() ?? "";
      }),
    );
  }
  return reached;
}

test.serial("every editing and review action is reachable with the keyboard", async (t) => {
  const opened = await openPage(browser);
  const { page } = opened;
  await signIn(page, origin, "demo-admin");
  await openConcept(page, "Crossota pedunculata");
  await page.getByRole("table", { name: "Pending changes" }).waitFor();
  await page
    .getByRole("table", { name: "Names of the concept" })
    .getByRole("cell", { name: "stalked Crossota", exact: true })
    .waitFor();
  const reached = await tabOrder(page, 400);
  for (const control of [
    /^Review change \d+$/,
    /^Edit Crossota pedunculata$/,
    /^Edit stalked Crossota$/,
    /^Remove stalked Crossota$/,
    /^New name/,
    /^Type of the new name/,
    /^Add name$/,
    /^Rank \(level and name\)/,
    /^Find a new parent/,
  ]) {
    t.true(
      reached.some((name) => control.test(name)),
      `${control} is reached by Tab`,
    );
  }
  // Approving by keyboard alone: focus the review button, Enter, then Tab to Approve and Enter.
  const review = page
    .getByRole("table", { name: "Pending changes" })
    .getByRole("row", { name: /stalked Crossota/ })
    .getByRole("button", { name: /^Review change \d+$/ });
  await review.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("list", { name: "Annotations using the names" }).waitFor();
  const approve = page.getByRole("button", { name: /^Approve change \d+$/ });
  for (
    let press = 0;
    press < 10 && !(await approve.evaluate((button) => button === document.activeElement));
    press++
  )
    await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page
    .getByRole("status")
    .filter({ hasText: /Approved change \d+ of Crossota pedunculata/ })
    .waitFor();
  t.pass();
  await checkScreen(t, opened, "kb-keyboard");
});

test.serial("a kb user who may not edit (an annotator) is offered no editing and no review", async (t) => {
  const opened = await openPage(browser);
  const { page } = opened;
  await signIn(page, origin, "demo-annotator");
  await openConcept(page, "Crossota alba");
  await page.getByRole("heading", { name: /^History/ }).waitFor();
  t.is(await page.getByRole("region", { name: "Maintenance" }).count(), 0);
  t.is(await page.getByRole("region", { name: /^Edit / }).count(), 0);
  t.is(
    await page
      .getByRole("button", { name: /^(Edit|Remove|Add name|Set rank|Move under|Review change)/ })
      .count(),
    0,
  );
  await checkScreen(t, opened, "kb-reader");
});
