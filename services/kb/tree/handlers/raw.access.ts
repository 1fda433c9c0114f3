import { RawServiceService } from "../../../../proto/gen/m3/kb/v1/raw_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const RAW_ACCESS = declareAccess(RawServiceService, {
  getRawConcept: "none",
  listRawConceptNames: "none",
});
