/**
 * What the review grid reads of a box of `GET /anno/v1/boxes` (the generated
 * `m3.annotation.v1.Box` has these fields and more), kept free of imports so the grid's rules
 * are tested outside the browser.
 */
export interface ReviewBox {
  association_uuid: string;
  concept?: string;
  /** Left, top, width and height in pixels of the image. */
  x: number;
  y: number;
  width: number;
  height: number;
  verifier?: string;
  image_reference_uuid?: string;
  image_url?: string;
  image_width_pixels?: number;
  image_height_pixels?: number;
  video_reference_uuid?: string;
  /** The moment's time in its video: where a box without an image is cut from. */
  elapsed_time_millis?: number;
}
