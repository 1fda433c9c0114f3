import { IndexServiceService } from "../../../../proto/gen/m3/annotation/v1/index_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const INDEX_ACCESS = declareAccess(IndexServiceService, {
  listIndicesByVideoReference: "none",
  updateIndexRecordedTimestamps: "jwt",
});
