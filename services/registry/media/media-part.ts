import type { Logger } from "pino";
import { MediaServiceService } from "../../../proto/gen/m3/registry/v1/media_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { RegistryStore } from "../shared/registry-store.js";
import { MEDIA_ACCESS } from "./handlers/media.access.js";
import { type MediaServices, mediaHandlers } from "./handlers/media.handlers.js";
import { MediaService } from "./services/media.service.js";
import { MediaMoveService } from "./services/media-move.service.js";
import { MediaUpdateService } from "./services/media-update.service.js";

/** The .proto files of the media view, relative to proto/. */
export const MEDIA_PROTO_FILES = ["m3/registry/v1/media_service.proto"] as const;

/** The media view's rules over the same store; `timeWindowMinutes` is the legacy search window W. */
export function createMediaServices(store: RegistryStore, timeWindowMinutes: number): MediaServices {
  return {
    media: new MediaService(store, timeWindowMinutes),
    mediaUpdate: new MediaUpdateService(store),
    mediaMove: new MediaMoveService(store),
  };
}

export interface MediaPartOptions {
  services: MediaServices;
  /** Checks the Bearer JWT of every write. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/** The media view (a video reference with its video and sequence) as one gRPC service. */
export function createMediaBindings(options: MediaPartOptions): ServiceBinding[] {
  return [
    bindService(MediaServiceService, mediaHandlers(options.services), {
      tokens: options.tokens,
      logger: options.logger,
      declaration: MEDIA_ACCESS,
    }),
  ];
}
