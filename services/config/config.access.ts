import { COMMON_ACCESS } from "../kit/domain/common.access.js";
import { type RpcAccess, rpcAccess } from "../kit/grpc/method-access.js";
import { CONFIG_AUTH_ACCESS } from "./handlers/config-auth.access.js";
import { ENDPOINT_ACCESS } from "./handlers/endpoint.access.js";
import { SERVICE_HEALTH_ACCESS } from "./handlers/service-health.access.js";

/** Who may call each gRPC method the config service serves, by full name (the gateway documents its routes from it). */
export const CONFIG_RPC_ACCESS: RpcAccess = rpcAccess([
  ...COMMON_ACCESS,
  CONFIG_AUTH_ACCESS,
  ENDPOINT_ACCESS,
  SERVICE_HEALTH_ACCESS,
]);
