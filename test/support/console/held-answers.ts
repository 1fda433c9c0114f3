import type { Page } from "playwright-core";

/**
 * The answers to the page's `method` requests on `url` held back, as on a slow link: each request
 * reaches the server at once, its answer reaches the page once the returned function is called.
 */
export async function holdAnswers(page: Page, url: string, method: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.continue();
    const answer = await route.fetch();
    await released;
    await route.fulfill({ response: answer });
  });
  return release;
}
