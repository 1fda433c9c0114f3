import { COMMON_ACCESS } from "../kit/domain/common.access.js";
import { type RpcAccess, rpcAccess } from "../kit/grpc/method-access.js";
import { MEDIA_ACCESS } from "./media/handlers/media.access.js";
import { VIDEO_ACCESS } from "./videos/handlers/video.access.js";
import { VIDEO_REFERENCE_ACCESS } from "./videos/handlers/video-reference.access.js";
import { VIDEO_SEQUENCE_ACCESS } from "./videos/handlers/video-sequence.access.js";

/** Who may call each gRPC method the registry serves, by full name (the gateway documents its routes from it). */
export const REGISTRY_RPC_ACCESS: RpcAccess = rpcAccess([
  ...COMMON_ACCESS,
  VIDEO_SEQUENCE_ACCESS,
  VIDEO_ACCESS,
  VIDEO_REFERENCE_ACCESS,
  MEDIA_ACCESS,
]);
