import type { ReviewBox } from "./review-box.js";

/**
 * The gateway path of a box's crop (`GET /skimmer/crop`, docs/crops.md): whole pixels covering
 * the box, kept inside the image when its size is known. A box whose image has no URL is cut
 * from its video's frame at the moment's time (`videoUri`, the crop service grabbing the frame
 * through capture). Undefined when there is neither, or the region is empty inside the image.
 */
export function cropPathOf(box: ReviewBox, videoUri?: string): string | undefined {
  const fromVideo = !box.image_url && videoUri !== undefined && box.elapsed_time_millis !== undefined;
  const source = fromVideo ? videoUri : box.image_url;
  if (!source) return undefined;
  const right = Math.min(Math.ceil(box.x + box.width), box.image_width_pixels ?? Number.POSITIVE_INFINITY);
  const bottom = Math.min(Math.ceil(box.y + box.height), box.image_height_pixels ?? Number.POSITIVE_INFINITY);
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  if (left >= right || top >= bottom) return undefined;
  const query = new URLSearchParams({
    url: source,
    left: String(left),
    top: String(top),
    right: String(right),
    bottom: String(bottom),
  });
  if (fromVideo) query.set("ms", String(box.elapsed_time_millis));
  return `/skimmer/crop?${query}`;
}
