import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import type { Browser, Page } from "playwright-core";
import { placeRoutes } from "../../../gateway/src/routes/placement.js";
import { launchChromium } from "../../../tools/dev/fixtures/browser-page.js";
import { DemoLoaderService } from "../../../tools/m3/all-in-one/demo/demo-loader.service.js";
import { DEMO_PASSWORD } from "../../../tools/m3/all-in-one/demo/demo-plan.js";
import { PlatformClient } from "../../../tools/m3/all-in-one/demo/platform-client.js";
import { allInOneDomains } from "../../../tools/m3/all-in-one/domains.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../tools/m3/kb-import/kb-import.js";
import { CONSOLE_OUT, ensureConsoleBuilt } from "../../../tools/m3/start/console-build.mjs";
import { type Backend, startTestPlatform, type TestPlatform } from "../e2e/test-platform.js";

/** The first kb administrator of the console tests' platform. */
export const CONSOLE_ADMIN = { username: "admin", password: "console-admin-1" };

/** Signs a demo user in through the console's sign-in screen and waits for the banner to name them. */
export async function signIn(page: Page, origin: string, username: string): Promise<void> {
  await page.goto(`${origin}/#/signin`);
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("banner").getByText(`Signed in as ${username}`).waitFor();
}

export interface ConsolePlatform {
  platform: TestPlatform;
  origin: string;
  browser: Browser;
  /** The folder of the demo's clip, which capture may read. */
  videos: string;
  stop(): Promise<void>;
}

/**
 * A built console served by a platform holding the real kb and the demo dives (annotations,
 * the clip and its frames, kb users of every role), and a chromium to drive it.
 */
export async function startConsolePlatform(backend: Backend = "sqlite"): Promise<ConsolePlatform> {
  const videos = mkdtempSync(join(tmpdir(), "m3-console-videos-"));
  // The stored frames' file: URLs are cut into crops (skimmer) from here, as under `npm start`.
  const uploads = mkdtempSync(join(tmpdir(), "m3-console-uploads-"));
  await ensureConsoleBuilt({ log: () => {} });
  const platform = await startTestPlatform(
    backend,
    {
      M3_ADMIN_USER: CONSOLE_ADMIN.username,
      M3_ADMIN_PASSWORD: CONSOLE_ADMIN.password,
      CAPTURE_FILE_ROOTS: `${videos}:${uploads}`,
      M3_UPLOAD_DIR: uploads,
      M3_CONSOLE_DIR: CONSOLE_OUT,
    },
    { importKb: true },
  );
  const origin = platform.http.baseUrl;
  const routes = allInOneDomains.map(({ routes }) => placeRoutes(routes, {}));
  await new DemoLoaderService({
    client: new PlatformClient(origin, routes, () => platform.apiKey),
    readDump: () => readKbDump(DEFAULT_KB_DUMP),
    admin: CONSOLE_ADMIN,
    capture: { apiKey: platform.apiKey, folder: videos, ffmpegPath: "ffmpeg" },
    logger: pino({ level: "silent" }),
  }).load();
  const browser = await launchChromium();
  return {
    platform,
    origin,
    browser,
    videos,
    async stop() {
      await browser.close();
      await platform.stop();
      rmSync(videos, { recursive: true, force: true });
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}
