import type { Browser, Page } from "playwright-core";

/** The demo user the Watch benchmarks sign in as, with the demo's password. */
export const DEMO_USER = { username: "demo-annotator", password: "m3-demo", role: "Annotator" };

/** demo-annotator's kb token, once the demo (loaded at start) has its users. */
export async function signedInToken(origin: string): Promise<string> {
  const basic = Buffer.from(`${DEMO_USER.username}:${DEMO_USER.password}`).toString("base64");
  for (let attempt = 0; attempt < 120; attempt++) {
    const reply = await fetch(`${origin}/kb/v1/auth/login`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}` },
    });
    if (reply.ok) return ((await reply.json()) as { access_token: string }).access_token;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("demo-annotator could not sign in: was the demo loaded?");
}

/** A fresh context whose tab holds demo-annotator's session, as the sign-in screen leaves it. */
export async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const session = JSON.stringify({ username: DEMO_USER.username, role: DEMO_USER.role, token });
  await context.addInitScript((value) => sessionStorage.setItem("m3.session", value), session);
  return context.newPage();
}
