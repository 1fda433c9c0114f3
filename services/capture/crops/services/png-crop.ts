import sharp from "sharp";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { type CropRegion, regionOutside } from "./crop-request.js";

/**
 * The region of an encoded image (JPEG, PNG, TIFF, WebP…) as a PNG, by sharp (libvips). The
 * pixels are taken as stored, without turning the image by its EXIF orientation, as skimmer's
 * image library did, so boxes drawn on the stored pixels stay where they were drawn. The image's
 * size is read only when libvips refuses the cut, to say why.
 */
export async function cropToPng(image: Buffer, region: CropRegion, url: string): Promise<Buffer> {
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
    throw await whyNot(image, region, url);
  }
}

async function whyNot(image: Buffer, region: CropRegion, url: string): Promise<DomainError> {
  const { width, height } = await sharp(image)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  const outside = width !== undefined && height !== undefined && regionOutside(region, width, height);
  return outside || DomainError.notFound(`${url} is not an image this server can read`, { field: "url" });
}
