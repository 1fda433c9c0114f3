import type { Logger } from "pino";
import { VideoReferenceServiceService } from "../../../proto/gen/m3/registry/v1/video_reference_service.js";
import { VideoSequenceServiceService } from "../../../proto/gen/m3/registry/v1/video_sequence_service.js";
import { VideoServiceService } from "../../../proto/gen/m3/registry/v1/video_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { RegistryStore } from "../shared/registry-store.js";
import { VIDEO_ACCESS } from "./handlers/video.access.js";
import { videoHandlers } from "./handlers/video.handlers.js";
import { VIDEO_REFERENCE_ACCESS } from "./handlers/video-reference.access.js";
import { videoReferenceHandlers } from "./handlers/video-reference.handlers.js";
import { VIDEO_SEQUENCE_ACCESS } from "./handlers/video-sequence.access.js";
import { videoSequenceHandlers } from "./handlers/video-sequence.handlers.js";
import { VideoService } from "./services/video.service.js";
import { VideoReferenceService } from "./services/video-reference.service.js";
import { VideoSequenceService } from "./services/video-sequence.service.js";

/** The .proto files of the video tree, relative to proto/. */
export const VIDEOS_PROTO_FILES = [
  "m3/registry/v1/video_sequence_service.proto",
  "m3/registry/v1/video_service.proto",
  "m3/registry/v1/video_reference_service.proto",
] as const;

export interface VideoServices {
  sequences: VideoSequenceService;
  videos: VideoService;
  references: VideoReferenceService;
}

/** The video tree's rules; `timeWindowMinutes` is the legacy search window W. */
export function createVideoServices(store: RegistryStore, timeWindowMinutes: number): VideoServices {
  return {
    sequences: new VideoSequenceService(store, timeWindowMinutes),
    videos: new VideoService(store, timeWindowMinutes),
    references: new VideoReferenceService(store),
  };
}

export interface VideosPartOptions {
  services: VideoServices;
  /** Checks the Bearer JWT of every write. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/** The video sequences, videos and video references as three gRPC services. */
export function createVideosBindings(options: VideosPartOptions): ServiceBinding[] {
  const { services } = options;
  const access = { tokens: options.tokens, logger: options.logger };
  return [
    bindService(VideoSequenceServiceService, videoSequenceHandlers(services.sequences), {
      ...access,
      declaration: VIDEO_SEQUENCE_ACCESS,
    }),
    bindService(VideoServiceService, videoHandlers(services.videos), {
      ...access,
      declaration: VIDEO_ACCESS,
    }),
    bindService(VideoReferenceServiceService, videoReferenceHandlers(services.references), {
      ...access,
      declaration: VIDEO_REFERENCE_ACCESS,
    }),
  ];
}
