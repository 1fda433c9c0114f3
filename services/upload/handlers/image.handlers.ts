import type {
  ImageParams,
  ImageServiceService,
  UploadImageRequest,
} from "../../../proto/gen/m3/upload/v1/image_service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { ServiceHandlers } from "../../kit/grpc/bind-service.js";
import type { ImageLocation, ImageService } from "../services/image.service.js";

export function imageHandlers(images: ImageService): ServiceHandlers<typeof ImageServiceService> {
  return {
    resolveImage: async (request) => toImageParams(await images.resolve(request)),
    uploadImage: async (requests, ctx) => {
      const messages = requests[Symbol.asyncIterator]();
      const first = await messages.next();
      const header = first.done ? undefined : first.value.header;
      if (!header) {
        throw DomainError.invalidArgument("MISSING_HEADER", "An upload must start with its header", {
          field: "header",
        });
      }
      const upload = { cameraId: header.cameraId, deploymentId: header.deploymentId, name: header.name };
      const contentType = header.contentType;
      return toImageParams(
        await images.upload(
          contentType ? { ...upload, contentType } : upload,
          chunksOf(messages),
          ctx.logger,
        ),
      );
    },
  };
}

/**
 * The bytes of the messages after the header. A cancelled upload's stream fails (the kit's
 * requests never end as if whole), so it never completes with part of the image.
 */
async function* chunksOf(messages: AsyncIterator<UploadImageRequest>) {
  for (let next = await messages.next(); !next.done; next = await messages.next()) {
    if (next.value.header) {
      throw DomainError.invalidArgument("DUPLICATE_HEADER", "An upload has exactly one header", {
        field: "header",
      });
    }
    if (next.value.chunk) yield next.value.chunk;
  }
}

function toImageParams(location: ImageLocation): ImageParams {
  return {
    uri: location.uri,
    cameraId: location.cameraId,
    deploymentId: location.deploymentId,
    name: location.name,
  };
}
