import type { Implementation, TestFn } from "ava";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { checkScreen, openPage } from "../../../tools/dev/fixtures/browser-page.js";
import type { Backend } from "../e2e/test-platform.js";
import { type ConsolePlatform, signIn, startConsolePlatform } from "./console-platform.js";
import { DEMO_DIVE, demoClipOf } from "./watch-driving.js";

/**
 * Watching a dive in the console, in chromium against the demo dives: the demo's clip, a `file:`
 * video under the capture root, plays through m3's ranged media route; the keys step frames and
 * change speed; the annotations follow playback, a click seeks to one and its box is drawn over
 * the frame; the dive's depth and position follow the time. Driven by keyboard and mouse only;
 * the one box is added through the API before, as another tool would have drawn it.
 */
/** The boxed annotation's moment (one of the demo's stored frames) and its box, in the clip's pixels. */
const BOXED_MILLIS = 6400;
const BOX = { x: 96, y: 54, width: 120, height: 60 };
/** The map's track and its points (gateway/console/src/components/map-style.ts). */
const TRACK = [0x0b, 0x4f, 0x8a] as const;
const VEHICLE = [0xc2, 0x41, 0x0c] as const;

/** How many of a screenshot's pixels are within a few levels of `colour`, and their centre. */
async function pixelsOf(png: Buffer, colour: readonly [number, number, number]) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let x = 0;
  let y = 0;
  for (let at = 0; at < data.length; at += 3)
    if (colour.every((level, channel) => Math.abs((data[at + channel] ?? 0) - level) <= 6)) {
      count++;
      x += (at / 3) % info.width;
      y += Math.floor(at / 3 / info.width);
    }
  return { count, x: x / count, y: y / count };
}

/** How far the centre of the vehicle's point comes to be from `before`, as the map redraws (read a few times). */
async function vehicleMoved(map: Locator, before: { x: number; y: number }): Promise<number> {
  let distance = 0;
  for (let tries = 0; tries < 20 && distance < 2; tries++) {
    const now = await pixelsOf(await map.screenshot(), VEHICLE);
    distance = Math.hypot(now.x - before.x, now.y - before.y);
    if (distance < 2) await map.page().waitForTimeout(100);
  }
  return distance;
}

export function registerConsoleWatchTests(test: TestFn, backend: Backend): void {
  let running: ConsolePlatform;
  let browser: Browser;
  let origin: string;
  let clipVideoName = "";
  // Playback and its keys, the media ticket and the signed-out screen are the browser's and
  // capture's alone (of the database they read only the dive, which the box test reads on every
  // engine): on SQLite only, which keeps the engine files to what differs between engines.
  const browserOnly = (title: string, body: Implementation<[]>) => {
    if (backend === "sqlite") test.serial(title, body);
  };

  test.before(async () => {
    running = await startConsolePlatform(backend);
    ({ browser, origin } = running);
    const http = running.platform.http;
    const clip = await demoClipOf(http);
    clipVideoName = clip.name;
    const reference = clip.reference;
    const annotations = (await http.get(`/anno/v1/annotations/videoreference/${reference}`)).json as {
      observation_uuid: string;
      elapsed_time_millis: number;
    }[];
    const boxed = annotations.find((annotation) => annotation.elapsed_time_millis === BOXED_MILLIS);
    if (!boxed) throw new Error(`no demo annotation at ${BOXED_MILLIS} ms`);
    const added = await http.post("/anno/v1/associations", {
      form: {
        observation_uuid: boxed.observation_uuid,
        link_name: "bounding box",
        to_concept: "self",
        link_value: JSON.stringify({ ...BOX, generator: "console-watch test" }),
        mime_type: "application/json",
      },
    });
    if (added.status !== 200) throw new Error(`adding the box answered ${added.status}: ${added.text}`);
  });

  test.after.always(async () => {
    await running?.stop();
  });

  const timeShown = async (page: Page) =>
    secondsOf(await page.getByRole("status", { name: "Time in the video" }).innerText());

  function secondsOf(clock: string): number {
    const [minutes, seconds] = (clock.split(" / ")[0] ?? "").split(":");
    return Number(minutes) * 60 + Number(seconds);
  }

  /** From the dive profile, as a user goes: its Watch link. */
  async function openWatch(page: Page): Promise<void> {
    await page.goto(`${origin}/#/dive?sequence=${encodeURIComponent(DEMO_DIVE)}`);
    await page.getByRole("link", { name: `Watch ${DEMO_DIVE}` }).click();
    await page.getByRole("heading", { level: 1, name: `Watch ${DEMO_DIVE}` }).waitFor();
  }

  /** The clip's video picked and its first frame loaded. */
  async function openClip(page: Page): Promise<void> {
    await openWatch(page);
    const picker = page.getByLabel("Video", { exact: true });
    const option = picker.locator("option", { hasText: clipVideoName });
    await picker.selectOption({ label: (await option.innerText()).trim() });
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2);
  }

  browserOnly("the demo clip plays, steps a frame at a time with the keys and changes speed", async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    await signIn(page, origin, "demo-annotator");
    await openClip(page);
    t.is(await timeShown(page), 0);
    await page.keyboard.press(" ");
    await page.getByRole("button", { name: "Pause" }).waitFor();
    await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.5);
    await page.keyboard.press(" ");
    await page.getByRole("button", { name: "Play" }).waitFor();
    const paused = await timeShown(page);
    t.true(paused > 0.5, `played to ${paused} s`);

    const videoTime = () => page.evaluate(() => document.querySelector("video")?.currentTime ?? 0);
    const pausedAt = await videoTime();
    await page.keyboard.press(".");
    await page.waitForFunction((before) => document.querySelector("video")?.currentTime !== before, pausedAt);
    const stepped = await videoTime();
    // The next frame of the 25 fps clip: on the frame grid (a millisecond into the frame, so the
    // browser shows it), one frame after the frame nearest the paused position, which lies at most
    // half a frame either side of it.
    t.true(Math.abs(stepped * 25 - Math.round(stepped * 25)) < 0.05, `stepped to ${stepped} s`);
    t.true(Math.abs(stepped - (pausedAt + 0.04)) <= 0.02 + 0.002, `from ${pausedAt} s to ${stepped} s`);
    await page.keyboard.press(",");
    await page.keyboard.press(",");
    await page.waitForFunction(
      (target) => Math.abs((document.querySelector("video")?.currentTime ?? 0) - target) < 0.005,
      stepped - 0.08,
    );
    await page.waitForFunction((target) => {
      const clock = document.querySelector("output")?.textContent?.split(" / ")[0] ?? "";
      const [minutes, seconds] = clock.split(":");
      return Math.abs(Number(minutes) * 60 + Number(seconds) - target) < 0.005;
    }, stepped - 0.08);

    await page.keyboard.press("]");
    await page.getByRole("status", { name: "Speed" }).filter({ hasText: "1.5×" }).waitFor();
    await page.keyboard.press("[");
    await page.keyboard.press("[");
    await page.getByRole("status", { name: "Speed" }).filter({ hasText: "0.5×" }).waitFor();
    t.is(await page.evaluate(() => document.querySelector("video")?.playbackRate), 0.5);

    // Space pauses once, also right after the Play button was clicked (it keeps the focus).
    await page.getByRole("button", { name: "Play" }).click();
    await page.getByRole("button", { name: "Pause" }).waitFor();
    await page.keyboard.press(" ");
    await page.getByRole("button", { name: "Play" }).waitFor();
    const stoppedAt = await videoTime();
    await page.waitForTimeout(300);
    t.is(await videoTime(), stoppedAt);
    // The video picker keeps the focus after a choice; the keys still drive the video.
    await page.getByLabel("Video", { exact: true }).focus();
    await page.keyboard.press(".");
    await page.waitForFunction(
      (before) => document.querySelector("video")?.currentTime !== before,
      stoppedAt,
    );
    // A click on the timeline near its end seeks there; the list scrolls its current annotation into view.
    const timeline = page.locator("svg.timeline");
    const bar = await timeline.boundingBox();
    if (!bar) throw new Error("no timeline on screen");
    await page.mouse.click(bar.x + bar.width * 0.95, bar.y + bar.height / 2);
    await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 28);
    const current = page.getByRole("region", { name: /Annotations/ }).locator("button[aria-current='true']");
    await current.first().waitFor();
    const shownIn = await page.getByLabel("Annotations of the video, scrollable").boundingBox();
    const row = await current.first().boundingBox();
    if (!shownIn || !row) throw new Error("the list or its current annotation is not on screen");
    t.true(
      row.y >= shownIn.y - 1 && row.y + row.height <= shownIn.y + shownIn.height + 1,
      "in the list's view",
    );
    t.true(secondsOf((await current.first().locator("time").innerText()).trim()) > 20);
    await checkScreen(t, opened, "watch-keys", { screenshot: false });
  });

  test.serial(
    "clicking an annotation seeks to it and draws its box; the highlight follows playback; depth and position follow the time",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await signIn(page, origin, "demo-annotator");
      await openClip(page);
      const list = page.getByRole("region", { name: /Annotations/ });
      const boxed = list.getByRole("button", { name: /^00:06\.400 .* 1 box / });
      await boxed.click();
      await page.waitForFunction(
        () => Math.abs((document.querySelector("video")?.currentTime ?? 0) - 6.4) < 0.01,
      );
      t.is(await boxed.getAttribute("aria-current"), "true");
      const overlay = page.getByRole("img", { name: "1 box on this frame" });
      await overlay.waitFor();
      const video = await page.locator("video").boundingBox();
      const drawn = await overlay.locator("rect").boundingBox();
      if (!video || !drawn) throw new Error("the video or the box is not on screen");
      // The clip is 384 x 216 shown in a 16:9 stage: one scale for both axes, no letterbox.
      const scale = video.width / 384;
      t.true(Math.abs(drawn.x - (video.x + BOX.x * scale)) < 3, `x ${drawn.x}`);
      t.true(Math.abs(drawn.y - (video.y + BOX.y * scale)) < 3, `y ${drawn.y}`);
      t.true(Math.abs(drawn.width - BOX.width * scale) < 3, `width ${drawn.width}`);
      t.true(Math.abs(drawn.height - BOX.height * scale) < 3, `height ${drawn.height}`);

      const readout = page.getByRole("definition");
      const depthAtBox = await readout.nth(0).innerText();
      t.regex(depthAtBox, /^\d+\.\d m$/);
      t.regex(await readout.nth(1).innerText(), /^\d+\.\d{5}° N, \d+\.\d{5}° W$/);
      t.regex(await readout.nth(2).innerText(), /^2024-05-14T16:22:16\.40\dZ$/);

      const first = list.getByRole("button", { name: /^00:01\.600 / }).first();
      await first.click();
      t.is(await first.getAttribute("aria-current"), "true");
      t.is(await page.getByRole("img", { name: /on this frame/ }).count(), 0);
      await page.getByRole("button", { name: "Play" }).click();
      await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 6.6);
      await page.getByRole("button", { name: "Pause" }).click();
      t.is(await first.getAttribute("aria-current"), null);
      const current = list.locator("button[aria-current='true']");
      t.true((await current.count()) >= 1);
      const currentTime = secondsOf(((await current.first().locator("time").innerText()) ?? "").trim());
      const shown = await timeShown(page);
      t.true(currentTime >= 6.4 && currentTime <= shown + 0.02, `current ${currentTime}, shown ${shown}`);
      t.not(await readout.nth(0).innerText(), "unknown");
      // Back on the boxed annotation: its box again, and the map drawn, as the screenshot shows them.
      await boxed.click();
      await overlay.waitFor();
      await page.locator("figure[data-land='drawn']").waitFor();
      await checkScreen(t, opened, "watch");
    },
  );

  browserOnly(
    "the map draws the dive's track, and the vehicle's position on it moves with the time",
    async (t) => {
      const opened = await openPage(browser);
      const { page } = opened;
      await signIn(page, origin, "demo-annotator");
      await openClip(page);
      const map = page.getByRole("img", {
        name: /^Map of the dive's track of \d+ positions and the vehicle's position at this frame$/,
      });
      await map.waitFor();
      await page.locator("figure[data-land='drawn']").waitFor();
      const atStart = await map.screenshot();
      t.true((await pixelsOf(atStart, TRACK)).count > 0, "the track is drawn");
      const vehicle = await pixelsOf(atStart, VEHICLE);
      t.true(vehicle.count > 0, "the vehicle's position is drawn");
      // Near the clip's end the vehicle is ~50 m on, some pixels at the map's zoom.
      const timeline = await page.locator("svg.timeline").boundingBox();
      if (!timeline) throw new Error("no timeline on screen");
      await page.mouse.click(timeline.x + timeline.width * 0.95, timeline.y + timeline.height / 2);
      await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 28);
      const moved = await vehicleMoved(map, vehicle);
      t.true(moved >= 2, `the position moved ${moved.toFixed(1)} pixels`);
      await checkScreen(t, opened, "watch-map", { screenshot: false });
    },
  );

  browserOnly("a clip whose ticket is refused gets a new ticket once and plays", async (t) => {
    const opened = await openPage(browser, [
      /^401 GET .*\/capture\/media\?ticket=/,
      /^Failed to load resource: the server responded with a status of 401/,
    ]);
    const { page } = opened;
    await signIn(page, origin, "demo-annotator");
    let reads = 0;
    // The first read answers as an expired ticket would; the ones after go through.
    await page.route(/\/capture\/media\?ticket=/, async (route) => {
      if (reads++ > 0) return route.continue();
      return route.fulfill({ status: 401, contentType: "application/json", body: '{"message":"expired"}' });
    });
    const tickets: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/capture/media/tickets")) tickets.push(request.url());
    });
    await openClip(page);
    t.is(tickets.length, 2);
    t.is(await page.getByRole("alert").count(), 0);
    await page.keyboard.press(" ");
    await page.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.3);
    await checkScreen(t, opened, "watch-renewed", { screenshot: false });
  });

  browserOnly("signed out, the file: video asks for a sign-in and the media route refuses it", async (t) => {
    const opened = await openPage(browser);
    const { page } = opened;
    await openWatch(page);
    await page
      .getByText("to play this video: m3 serves the files on its own disks to signed-in users only")
      .waitFor();
    t.is(await page.locator("video").getAttribute("src"), null);
    const reply = await page.request.get(`${origin}/capture/media?ticket=forged`);
    t.is(reply.status(), 401);
    await checkScreen(t, opened, "watch-signed-out", { screenshot: false });
  });
}
