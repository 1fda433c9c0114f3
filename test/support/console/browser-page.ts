import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AxeBuilder } from "@axe-core/playwright";
import type { ExecutionContext } from "ava";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's chromium; the tests never download a browser. */
const CHROMIUM = process.env.M3_CHROMIUM_PATH || "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const SCREENSHOTS = fileURLToPath(new URL("../../../gateway/console/screenshots/", import.meta.url));

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `the console tests need chromium at ${CHROMIUM}: apt-get install -y chromium, or name another in M3_CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** What went wrong in the page while a test drove it. */
export interface PageProblems {
  page: Page;
  problems: string[];
}

/**
 * A fresh page (its own tab storage) that records every console error, uncaught exception,
 * failed request and HTTP error answer; `allowed` names the answers a test expects to fail.
 */
export async function openPage(browser: Browser, allowed: RegExp[] = []): Promise<PageProblems> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  const expected = (text: string) => allowed.some((pattern) => pattern.test(text));
  page.on("console", (message) => {
    if (message.type() === "error" && !expected(message.text()))
      problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => {
    const text = `${request.method()} ${request.url()}: ${request.failure()?.errorText}`;
    // Leaving a page cancels its requests still in flight; that is not a failure of the console.
    if (request.failure()?.errorText !== "net::ERR_ABORTED" && !expected(text))
      problems.push(`request failed: ${text}`);
  });
  page.on("response", (response) => {
    const text = `${response.status()} ${response.request().method()} ${response.url()}`;
    if (response.status() >= 400 && !expected(text)) problems.push(`HTTP ${text}`);
  });
  return { page, problems };
}

/**
 * The end of every screen's test: no serious or critical accessibility violation (axe), no
 * browser error, and, with M3_CONSOLE_SCREENSHOTS=update, the README's screenshot of the screen
 * (unless options.screenshot is false).
 */
export async function checkScreen(
  t: ExecutionContext,
  { page, problems }: PageProblems,
  screen: string,
  options: { screenshot?: boolean } = {},
) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = axe.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  t.deepEqual(violations, [], `accessibility of the ${screen} screen`);
  if (process.env.M3_CONSOLE_SCREENSHOTS === "update" && options.screenshot !== false) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}${screen}.png`, fullPage: true });
  }
  t.deepEqual(problems, [], `browser errors on the ${screen} screen`);
  await page.context().close();
}
