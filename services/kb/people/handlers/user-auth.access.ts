import { UserAuthServiceService } from "../../../../proto/gen/m3/kb/v1/user_auth_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** The login checks the user's Basic credentials itself. */
export const USER_AUTH_ACCESS = declareAccess(UserAuthServiceService, {
  login: "basic",
});
