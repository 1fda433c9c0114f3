import { LinkServiceService } from "../../../../proto/gen/m3/kb/v1/link_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const LINK_ACCESS = declareAccess(LinkServiceService, {
  listLinks: "none",
  listApplicableLinks: "none",
  listRealizationsByLinkName: "none",
});
