import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserPlan } from "../../../m3/all-in-one/demo/demo-plan.js";
import { CONSOLE_OUT, ensureConsoleBuilt } from "../../../m3/start/console-build.mjs";
import { launchChromium } from "../../fixtures/browser-page.js";
import { startPlatformProcess } from "../harness/platform-process.js";

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

/** The demo dive the Watch benchmarks open, and the part of its clip's name that picks it. */
export const DEMO_DIVE = "Demo Ventana 4101";
const DEMO_CLIP_NAME = "20240514T162210Z";

/** The platform as `npm start --demo` runs it (the console built first) and a chromium beside it. */
export async function startDemoBench(): Promise<{ origin: string; browser: Browser; stop(): Promise<void> }> {
  await ensureConsoleBuilt({ log: (line: string) => console.error(line) });
  const platform = await startPlatformProcess({ env: { M3_DEMO: "true", M3_CONSOLE_DIR: CONSOLE_OUT } });
  const browser = await launchChromium();
  return {
    origin: `http://127.0.0.1:${platform.port}`,
    browser,
    async stop() {
      await browser.close();
      await platform.stop();
    },
  };
}

/** The demo dive's Watch screen with its `file:` clip picked and loaded: the clip's video reference. */
export async function openDemoClip(page: Page, origin: string): Promise<{ uuid: string; uri: string }> {
  await page.goto(`${origin}/#/dives/${encodeURIComponent(DEMO_DIVE)}/watch`);
  await page.getByRole("heading", { level: 1, name: `Watch ${DEMO_DIVE}` }).waitFor();
  const picker = page.getByLabel("Video", { exact: true });
  const clip = picker.locator("option", { hasText: DEMO_CLIP_NAME });
  await picker.selectOption({ label: ((await clip.textContent()) ?? "").trim() });
  await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2);
  const reference = await page.evaluate(async (dive) => {
    const reply = await fetch(`/vam/v1/videosequences/name/${encodeURIComponent(dive)}`);
    const sequence = (await reply.json()) as {
      videos: { video_references: { uuid: string; uri: string }[] }[];
    };
    return sequence.videos
      .flatMap((video) => video.video_references)
      .find((one) => one.uri.startsWith("file:"));
  }, DEMO_DIVE);
  if (!reference) throw new Error(`${DEMO_DIVE} has no file: video`);
  return reference;
}
