import type { Page } from "playwright-core";
import { DEMO_DIVE } from "../../../tools/dev/bench/console/demo-session.js";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";

/** The demo dive whose clip the Watch tests play (the Watch benchmarks' too). */
export { DEMO_DIVE };
/** The demo clip's size and rate (tools/m3/all-in-one/demo/demo-plan.ts). */
export const CLIP_FRAME = { width: 384, height: 216 };
export const CLIP_FPS = 25;

/** The demo clip as the registry has it: its video's name and its file's video reference. */
export interface DemoClip {
  name: string;
  reference: string;
  startMillis: number;
}

export async function demoClipOf(http: HttpClient): Promise<DemoClip> {
  const sequence = (await http.get(`/vam/v1/videosequences/name/${encodeURIComponent(DEMO_DIVE)}`)).json as {
    videos: { name: string; start_timestamp: string; video_references: { uuid: string; uri: string }[] }[];
  };
  const video = sequence.videos.find((one) =>
    one.video_references.some((file) => file.uri.startsWith("file:")),
  );
  const reference = video?.video_references.find((file) => file.uri.startsWith("file:"));
  if (!video || !reference) throw new Error("the demo dive has no clip");
  return { name: video.name, reference: reference.uuid, startMillis: Date.parse(video.start_timestamp) };
}

/** The Watch screen of the demo dive with its clip picked and ready to play. */
export async function openClip(page: Page, origin: string, clip: DemoClip): Promise<void> {
  await page.goto(`${origin}/#/dives/${encodeURIComponent(DEMO_DIVE)}/watch`);
  await pickClip(page, clip);
}

/** The clip picked in the screen's video list, and its first frame loaded. */
export async function pickClip(page: Page, clip: DemoClip): Promise<void> {
  await page.getByRole("heading", { level: 1, name: `Watch ${DEMO_DIVE}` }).waitFor();
  const picker = page.getByLabel("Video", { exact: true });
  const option = picker.locator("option", { hasText: clip.name });
  await picker.selectOption({ label: (await option.innerText()).trim() });
  await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2);
}

/** `frames` frames forward with the . key (paused), waited until the screen's clock shows the frame reached; its milliseconds. */
export async function stepFrames(page: Page, frames: number): Promise<number> {
  const before = await page.evaluate(() => document.querySelector("video")?.currentTime ?? 0);
  for (let frame = 0; frame < frames; frame++) await page.keyboard.press(".");
  const target = (Math.round(before * CLIP_FPS) + frames) * (1000 / CLIP_FPS);
  const clock = `${String(Math.floor(target / 60_000)).padStart(2, "0")}:${((target % 60_000) / 1000).toFixed(3).padStart(6, "0")}`;
  await page
    .getByRole("status", { name: "Time in the video" })
    .filter({ hasText: new RegExp(`^${clock.slice(0, -1).replace(".", "\\.")}[0-9] `) })
    .waitFor();
  return target;
}

/** Typed into the focused concept box, waited for its ranked concepts, then Enter. */
export async function typeConcept(page: Page, box: RegExp, typed: string, first: string): Promise<void> {
  await page.keyboard.type(typed);
  await page
    .getByRole("listbox", { name: box })
    .getByRole("option")
    .first()
    .filter({ hasText: first })
    .waitFor();
  await page.keyboard.press("Enter");
}

/** A drag with the mouse over the video from one point of the frame to another (frame pixels). */
export async function dragOnFrame(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const stage = await page.locator("video").boundingBox();
  if (!stage) throw new Error("no video on screen");
  const scale = Math.min(stage.width / CLIP_FRAME.width, stage.height / CLIP_FRAME.height);
  const left = stage.x + (stage.width - CLIP_FRAME.width * scale) / 2;
  const top = stage.y + (stage.height - CLIP_FRAME.height * scale) / 2;
  const at = (point: { x: number; y: number }) => ({ x: left + point.x * scale, y: top + point.y * scale });
  const start = at(from);
  const end = at(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2);
  await page.mouse.move(end.x, end.y);
  await page.mouse.up();
}
