import { AuthServiceService } from "../../../proto/gen/m3/common/v1/auth.js";
import { declareAccess } from "../grpc/method-access.js";

/** The token exchange checks the API key itself. */
export const AUTH_SERVICE_ACCESS = declareAccess(AuthServiceService, {
  createToken: "apikey",
});
