/**
 * Drawing boxes on a frame, free of Vue and the DOM: what a drag does to a box, and the JSON a
 * box is stored as (docs/boxes.md), which vars-localize and vars-gridview read.
 */

/** A box's geometry in the frame's pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a drag takes hold of: the whole box, or one of its corners. */
export type Grip = "move" | "nw" | "ne" | "sw" | "se";
export const CORNERS = ["nw", "ne", "sw", "se"] as const;
export type Corner = (typeof CORNERS)[number];

/** The program named as a box's generator. */
export const GENERATOR = "m3-console";
/** Smaller than this, in frame pixels, a drawn box is taken for a click. */
export const MIN_SIDE = 4;

/**
 * A point on screen in the frame's pixels, the frame shown whole and centred in `shown` (an SVG
 * with preserveAspectRatio "xMidYMid meet", as the video letterboxes).
 */
export function framePoint(
  client: { x: number; y: number },
  shown: { left: number; top: number; width: number; height: number },
  frame: { width: number; height: number },
): { x: number; y: number } {
  const scale = Math.min(shown.width / frame.width, shown.height / frame.height);
  const left = shown.left + (shown.width - frame.width * scale) / 2;
  const top = shown.top + (shown.height - frame.height * scale) / 2;
  return { x: (client.x - left) / scale, y: (client.y - top) / scale };
}

/** The box from a drag between two points, inside the frame, in whole pixels. */
export function spanned(
  from: { x: number; y: number },
  to: { x: number; y: number },
  frame: { width: number; height: number },
): Rect {
  const clampX = (value: number) => Math.min(Math.max(value, 0), frame.width);
  const clampY = (value: number) => Math.min(Math.max(value, 0), frame.height);
  const left = Math.round(clampX(Math.min(from.x, to.x)));
  const top = Math.round(clampY(Math.min(from.y, to.y)));
  const right = Math.round(clampX(Math.max(from.x, to.x)));
  const bottom = Math.round(clampY(Math.max(from.y, to.y)));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The box after its grip is dragged by (dx, dy) frame pixels: moved whole within the frame, or a corner moved. */
export function dragged(
  box: Rect,
  grip: Grip,
  dx: number,
  dy: number,
  frame: { width: number; height: number },
): Rect {
  if (grip === "move") {
    const x = Math.round(Math.min(Math.max(box.x + dx, 0), frame.width - box.width));
    const y = Math.round(Math.min(Math.max(box.y + dy, 0), frame.height - box.height));
    return { ...box, x, y };
  }
  const left = grip === "nw" || grip === "sw" ? box.x + dx : box.x;
  const right = grip === "ne" || grip === "se" ? box.x + box.width + dx : box.x + box.width;
  const top = grip === "nw" || grip === "ne" ? box.y + dy : box.y;
  const bottom = grip === "sw" || grip === "se" ? box.y + box.height + dy : box.y + box.height;
  return spanned({ x: left, y: top }, { x: right, y: bottom }, frame);
}

/** Whether a drawn box is big enough to keep. */
export const isBox = (rect: Rect) => rect.width >= MIN_SIDE && rect.height >= MIN_SIDE;

/** A box's stored value: its geometry, the image it is drawn on, who drew it, and whatever else it held. */
export function boxValue(rect: Rect, imageReferenceUuid: string, kept: Record<string, unknown> = {}): string {
  const { x, y, width, height } = rect;
  return JSON.stringify({
    ...kept,
    x,
    y,
    width,
    height,
    image_reference_uuid: imageReferenceUuid,
    generator: GENERATOR,
  });
}
