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

// The finders below run in the page, which gets each one's text alone: no helper functions, inside
// or outside them.

/**
 * The centre of one whole plotted point of the dive chart (DiveChart.vue): a connected patch of
 * strongly coloured pixels inside the plot area, as wide as high and as large as a symbol (8 px),
 * so neither two overlapping points nor one cut off by the area's edge, nor the pale edge of a
 * point whose series colour is only partly "strong", whose middle a click could miss.
 */
export function divePoint(element: HTMLCanvasElement): CanvasPoint | undefined {
  const context = element.getContext("2d");
  if (context === null) return undefined;
  const scale = element.width / element.clientWidth;
  const { data, width, height } = context.getImageData(0, 0, element.width, element.height);
  // Strongly coloured pixels, 1 in this mask.
  const coloured = new Uint8Array(width * height);
  for (let at = 0; at < coloured.length; at++) {
    const [r, g, b] = [data[at * 4] ?? 0, data[at * 4 + 1] ?? 0, data[at * 4 + 2] ?? 0];
    coloured[at] = Math.max(r, g, b) - Math.min(r, g, b) > 90 ? 1 : 0;
  }
  // Below the legend, above the zoom slider, right of the depth axis.
  const [top, bottom] = [Math.round(60 * scale), Math.round(height - 80 * scale)];
  const [left, right] = [Math.round(70 * scale), Math.round(width - 30 * scale)];
  const [smallest, largest] = [5 * scale, 11 * scale];
  const taken = new Uint8Array(width * height);
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const first = y * width + x;
      if (!coloured[first] || taken[first]) continue;
      // The patch this pixel belongs to (4-connected), its bounds and its centre of mass.
      taken[first] = 1;
      const open = [first];
      let [count, sumX, sumY] = [0, 0, 0];
      let [minX, maxX, minY, maxY] = [x, x, y, y];
      while (open.length > 0) {
        const at = open.pop() ?? 0;
        const [px, py] = [at % width, Math.floor(at / width)];
        count++;
        sumX += px;
        sumY += py;
        [minX, maxX, minY, maxY] = [
          Math.min(minX, px),
          Math.max(maxX, px),
          Math.min(minY, py),
          Math.max(maxY, py),
        ];
        const around = [px > 0 ? at - 1 : -1, px < width - 1 ? at + 1 : -1, at - width, at + width];
        for (const next of around) {
          if (next < 0 || next >= coloured.length || !coloured[next] || taken[next]) continue;
          taken[next] = 1;
          open.push(next);
        }
      }
      const [across, down] = [maxX - minX + 1, maxY - minY + 1];
      const inside = minY > top && maxY < bottom - 1 && minX > left && maxX < right - 1;
      const symbolSized = across >= smallest && across <= largest && down >= smallest && down <= largest;
      const round = Math.abs(across - down) <= 2 * scale && count >= 0.6 * across * down;
      if (inside && symbolSized && round)
        return { x: (sumX / count + 0.5) / scale, y: (sumY / count + 0.5) / scale };
    }
  }
  return undefined;
}

/**
 * The middle of a bar of a bar chart (BarChart.vue's fill): the first bar found from the bottom,
 * measured across its lowest row and up its middle column, so a short or narrow bar is clicked
 * inside too.
 */
export function barMiddle(element: HTMLCanvasElement): CanvasPoint | undefined {
  const context = element.getContext("2d");
  if (context === null) return undefined;
  const scale = element.width / element.clientWidth;
  const { data, width, height } = context.getImageData(0, 0, element.width, element.height);
  // The bars' fill, 1 in this mask.
  const fill = new Uint8Array(width * height);
  for (let at = 0; at < fill.length; at++)
    fill[at] = data[at * 4] === 0x0b && data[at * 4 + 1] === 0x4f && data[at * 4 + 2] === 0x8a ? 1 : 0;
  for (let y = height - 1; y >= 0; y--)
    for (let x = 0; x < width; x++) {
      if (!fill[y * width + x]) continue;
      // The bar's lowest row from its left edge (x) to its right, then its middle column up to its top.
      let [right, top] = [x, y];
      while (right + 1 < width && fill[y * width + right + 1]) right++;
      const middle = Math.floor((x + right) / 2);
      while (top > 0 && fill[(top - 1) * width + middle]) top--;
      return { x: (x + right + 1) / 2 / scale, y: (top + y + 1) / 2 / scale };
    }
  return undefined;
}
