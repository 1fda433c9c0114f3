import type { Logger } from "pino";
import { ImageServiceService } from "../../proto/gen/m3/upload/v1/image_service.js";
import type { TokenVerifier } from "../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../kit/grpc/bind-service.js";
import type { ImageStoreSettings } from "./config.js";
import { IMAGE_ACCESS } from "./handlers/image.access.js";
import { imageHandlers } from "./handlers/image.handlers.js";
import { ImageService, type ImageServiceOptions } from "./services/image.service.js";
import { DiskImageStore } from "./store/disk-image-store.js";
import type { ImageStore } from "./store/image-store.js";

/** The upload service's .proto files, relative to proto/. */
export const UPLOAD_PROTO_FILES = ["m3/upload/v1/image_service.proto"] as const;

/**
 * Connects the configured store: S3 (bucket created when missing) or a local folder. The S3
 * client is imported only for S3: its modules would slow every start on disk by ~0.1 s.
 */
export async function openImageStore(settings: ImageStoreSettings): Promise<ImageStore> {
  if (settings.kind !== "s3") return new DiskImageStore(settings.directory);
  const { S3ImageStore } = await import("./store/s3-image-store.js");
  return S3ImageStore.open(settings);
}

export interface UploadDomainOptions extends ImageServiceOptions {
  store: ImageStore;
  /** Checks the Bearer JWT of every upload. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/** m3.upload.v1.ImageService: resolving is public, uploading needs a JWT. */
export function createUploadDomain(options: UploadDomainOptions): ServiceBinding[] {
  const images = new ImageService(options.store, {
    publicUrl: options.publicUrl,
    maxBytes: options.maxBytes,
  });
  return [
    bindService(ImageServiceService, imageHandlers(images), {
      tokens: options.tokens,
      logger: options.logger,
      declaration: IMAGE_ACCESS,
    }),
  ];
}
