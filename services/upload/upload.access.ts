import { COMMON_ACCESS } from "../kit/domain/common.access.js";
import { type RpcAccess, rpcAccess } from "../kit/grpc/method-access.js";
import { IMAGE_ACCESS } from "./handlers/image.access.js";

/** Who may call each gRPC method the upload service serves, by full name (the gateway documents its routes from it). */
export const UPLOAD_RPC_ACCESS: RpcAccess = rpcAccess([...COMMON_ACCESS, IMAGE_ACCESS]);
