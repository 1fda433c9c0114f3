import { COMMON_ACCESS } from "../kit/domain/common.access.js";
import { type RpcAccess, rpcAccess } from "../kit/grpc/method-access.js";
import { CROP_ACCESS } from "./crops/handlers/crop.access.js";
import { CAPTURE_ACCESS } from "./handlers/capture.access.js";
import { VIDEO_FILE_ACCESS } from "./video-files/handlers/video-file.access.js";

/** Who may call each gRPC method the capture service serves, by full name (the gateway documents its routes from it). */
export const CAPTURE_RPC_ACCESS: RpcAccess = rpcAccess([
  ...COMMON_ACCESS,
  CAPTURE_ACCESS,
  CROP_ACCESS,
  VIDEO_FILE_ACCESS,
]);
