import { UserServiceService } from "../../../../proto/gen/m3/kb/v1/user_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Every user method needs a JWT (reads included: the list names every account). */
export const USER_ACCESS = declareAccess(UserServiceService, {
  listUsers: "jwt",
  getUser: "jwt",
  listUsersByRole: "jwt",
  createUser: "jwt",
  updateUser: "jwt",
  deleteUser: "jwt",
});
