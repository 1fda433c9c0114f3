import { ConfigAuthServiceService } from "../../../proto/gen/m3/config/v1/config_auth_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Every method checks its own credentials (a master key, Basic, a token or a login file). */
export const CONFIG_AUTH_ACCESS = declareAccess(ConfigAuthServiceService, {
  createToken: "x-api-key-or-basic",
  verifyToken: "jwt-checked-by-handler",
  encodeLoginFile: "basic",
  // The credentials travel in the body (the login file), not in a header.
  loginWithFile: "none",
});
