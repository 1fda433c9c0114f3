import type { ReviewBox } from "./review-box.js";

/**
 * The gateway path of a box's crop (`GET /skimmer/crop`, docs/crops.md): whole pixels covering
 * the box, kept inside the image when its size is known. Undefined for a box whose image has no
 * URL, or whose region is empty once kept inside the image.
 */
export function cropPathOf(box: ReviewBox): string | undefined {
  if (!box.image_url) return undefined;
  const right = Math.min(Math.ceil(box.x + box.width), box.image_width_pixels ?? Number.POSITIVE_INFINITY);
  const bottom = Math.min(Math.ceil(box.y + box.height), box.image_height_pixels ?? Number.POSITIVE_INFINITY);
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  if (left >= right || top >= bottom) return undefined;
  const query = new URLSearchParams({
    url: box.image_url,
    left: String(left),
    top: String(top),
    right: String(right),
    bottom: String(bottom),
  });
  return `/skimmer/crop?${query}`;
}
