import { BoxServiceService } from "../../../../proto/gen/m3/annotation/v1/box_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Box queries are open as the other annotation reads; review actions need a JWT. */
export const BOX_ACCESS = declareAccess(BoxServiceService, {
  listBoxes: "none",
  relabelBoxes: "jwt",
  verifyBoxes: "jwt",
  deleteBoxes: "jwt",
  undoBoxReviewAction: "jwt",
});
