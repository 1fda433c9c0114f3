import type { ImageServiceService } from "../../../../proto/gen/m3/annotation/v1/image_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { instantOf, toImage, toImageReference } from "../../shared/resources.mapper.js";
import type { ImageService } from "../services/image.service.js";

export function imageHandlers(images: ImageService): UnaryHandlers<typeof ImageServiceService> {
  const image = (row: Awaited<ReturnType<ImageService["get"]>>) => toImage(row.image, row.moment);
  return {
    getImage: async (r) => image(await images.get(r.imageReferenceUuid)),
    listImagesByVideoReference: async (r) => ({
      images: (await images.listByVideo(r.videoReferenceUuid)).map(image),
    }),
    listImagesByName: async (r) => ({ images: (await images.listByName(r.name)).map(image) }),
    getImageByUrl: async (r) => image(await images.getByUrl(r.url)),
    createImage: async (r) =>
      image(
        await images.create(
          {
            videoReferenceUuid: r.videoReferenceUuid,
            timecode: r.timecode,
            elapsedTimeMillis: r.elapsedTimeMillis,
            recordedTimestamp: instantOf(r.recordedTimestamp, "recorded_timestamp"),
          },
          r,
        ),
      ),
    updateImage: async (r) =>
      image(
        await images.update(
          r.imageReferenceUuid,
          {
            videoReferenceUuid: r.videoReferenceUuid,
            timecode: r.timecode,
            elapsedTimeMillis: r.elapsedTimeMillis,
            recordedTimestamp: instantOf(r.recordedTimestamp, "recorded_timestamp"),
          },
          r,
        ),
      ),
    getImageReference: async (r) => toImageReference(await images.getReference(r.uuid), true),
    updateImageReference: async (r) => toImageReference(await images.updateReference(r.uuid, r), true),
    deleteImageReference: async (r) => {
      await images.deleteReference(r.uuid);
      return {};
    },
  };
}
