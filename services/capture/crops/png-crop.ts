import sharp from "sharp";
import { DomainError } from "../../kit/errors/domain-error.js";
import { type CropRegion, regionOutside } from "./crop-request.js";

/**
 * The region of an encoded image (JPEG, PNG, TIFF, WebP…) as a PNG, by sharp (libvips). The
 * pixels are taken as stored, without turning the image by its EXIF orientation, as skimmer's
 * image library did, so boxes drawn on the stored pixels stay where they were drawn.
 */
export async function cropToPng(image: Buffer, region: CropRegion, url: string): Promise<Buffer> {
  const { width, height } = await sharp(image)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  if (width === undefined || height === undefined) {
    throw DomainError.notFound(`${url} is not an image this server can read`, { field: "url" });
  }
  const outside = regionOutside(region, width, height);
  if (outside) throw outside;
  try {
    return await sharp(image)
      .extract({
        left: region.left,
        top: region.top,
        width: region.right - region.left,
        height: region.bottom - region.top,
      })
      .png()
      .toBuffer();
  } catch {
    throw DomainError.notFound(`${url} is not an image this server can read`, { field: "url" });
  }
}
