import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserPlan } from "../../../m3/all-in-one/demo/demo-plan.js";

/** A demo user of `npm start --demo`, as the demo's plan declares it. */
export type DemoUser = Pick<DemoUserPlan, "username" | "role">;

function demoUser(username: string): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (user === undefined) throw new Error(`the demo has no user ${username}`);
  return user;
}

/** The annotator the Watch benchmarks sign in as. */
export const DEMO_ANNOTATOR = demoUser("demo-annotator");
/** The maintainer the review benchmark signs in as. */
export const DEMO_MAINT = demoUser("demo-maint");

/** The user's kb token, once the demo (loaded at start) has its users. */
export async function signedInToken(origin: string, user: DemoUser = DEMO_ANNOTATOR): Promise<string> {
  const basic = Buffer.from(`${user.username}:${DEMO_PASSWORD}`).toString("base64");
  for (let attempt = 0; attempt < 120; attempt++) {
    const reply = await fetch(`${origin}/kb/v1/auth/login`, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}` },
    });
    if (reply.ok) return ((await reply.json()) as { access_token: string }).access_token;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${user.username} could not sign in: was the demo loaded?`);
}

/** A fresh context whose tab holds the user's session, as the sign-in screen leaves it. */
export async function signedInPage(
  browser: Browser,
  token: string,
  user: DemoUser = DEMO_ANNOTATOR,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const session = JSON.stringify({ username: user.username, role: user.role, token });
  await context.addInitScript((value) => sessionStorage.setItem("m3.session", value), session);
  return context.newPage();
}
