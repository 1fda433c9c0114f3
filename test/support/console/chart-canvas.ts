import type { Locator } from "playwright-core";

/** A point in a canvas, in CSS pixels from its top left corner. */
export interface CanvasPoint {
  x: number;
  y: number;
}

/** Reads a chart's canvas in the page for a mark (a bar, a symbol) and gives a point inside it. */
export type MarkFinder = (canvas: HTMLCanvasElement) => CanvasPoint | undefined;

const READ_EVERY_MILLIS = 100;
const READS = 100;

/**
 * Where on the page to click a mark of the chart drawn in `canvas`, once the chart has settled:
 * `find` answers the same point, and the canvas has the same box, in two reads 100 ms apart. A
 * chart still drawing (its first frame, an animation) or resizing (autoresize as the screen fills)
 * moves its marks between a read and the click. Fails after 10 s without an answer.
 */
export async function settledMark(canvas: Locator, chart: string, find: MarkFinder): Promise<CanvasPoint> {
  let last = "";
  for (let read = 0; read < READS; read++) {
    const box = await canvas.boundingBox();
    const found = box === null ? undefined : await canvas.evaluate(find);
    const now = JSON.stringify({ box, found });
    if (box !== null && found !== undefined && now === last)
      return { x: box.x + found.x, y: box.y + found.y };
    last = now;
    await canvas.page().waitForTimeout(READ_EVERY_MILLIS);
  }
  throw new Error(
    `no mark settled on the ${chart} chart in ${(READS * READ_EVERY_MILLIS) / 1000} s: ${last}`,
  );
}
