import type { Page } from "playwright-core";

export interface HeldAnswers {
  /** Lets the held answers reach the page, and every later one at once. */
  release(): void;
  /**
   * Resolves once the server has answered a held request with `status`: what the server did for
   * that request is done, whatever the page does next (its answer may still be held).
   */
  answeredWith(status: number): Promise<void>;
}

/**
 * The answers to the page's `method` requests on `url` held back, as on a slow link: each request
 * is sent on to the server at once, its answer reaches the page once `release` is called.
 */
export async function holdAnswers(page: Page, url: string, method: string): Promise<HeldAnswers> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const statuses: number[] = [];
  const waiting: Array<{ status: number; resolve: () => void }> = [];
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.continue();
    const answer = await route.fetch();
    statuses.push(answer.status());
    for (const waiter of waiting.filter((one) => one.status === answer.status())) waiter.resolve();
    await released;
    await route.fulfill({ response: answer });
  });
  return {
    release,
    answeredWith: (status) =>
      statuses.includes(status)
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push({ status, resolve })),
  };
}
