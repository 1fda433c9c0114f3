import { credentials, status } from "@grpc/grpc-js";
import type { Logger } from "pino";
import { VideoReferenceServiceClient } from "../../../../proto/gen/m3/registry/v1/video_reference_service.js";
import { M3_CHANNEL_OPTIONS } from "../../../clients/channel-options.js";
import { unary } from "../../../clients/unary.js";

/** Whether the registry (legacy vampire-squid) holds a video reference at a URI. */
export interface VideoRegistry {
  isRegisteredVideo(uri: string): Promise<boolean>;
  close(): void;
}

/** A registry that knows no videos: crops then go by the URL's extension alone. */
export const NO_VIDEO_REGISTRY: VideoRegistry = {
  isRegisteredVideo: () => Promise.resolve(false),
  close: () => {},
};

const LOOKUP_DEADLINE_MILLIS = 5_000;

/**
 * The registry over gRPC (GetVideoReferenceByUri, which anyone may call). A registry that does
 * not answer is taken as "not a video", logged, so a crop of an image never waits on it for long.
 */
export function registryVideoLookup(address: string, logger: Logger): VideoRegistry {
  const client = new VideoReferenceServiceClient(address, credentials.createInsecure(), M3_CHANNEL_OPTIONS);
  const lookup = unary(client.getVideoReferenceByUri, client);
  return {
    async isRegisteredVideo(uri) {
      try {
        await lookup({ uri }, { deadlineMillis: LOOKUP_DEADLINE_MILLIS });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code !== status.NOT_FOUND) {
          logger.warn({ err: error, uri }, "the registry did not say whether a crop's URL is a video");
        }
        return false;
      }
    },
    close: () => client.close(),
  };
}
