import { AncillaryDataServiceService } from "../../../../proto/gen/m3/annotation/v1/ancillary_data_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const ANCILLARY_DATA_ACCESS = declareAccess(AncillaryDataServiceService, {
  getAncillaryDatum: "none",
  listAncillaryDataByVideoReference: "none",
  getAncillaryDatumByImagedMoment: "none",
  getAncillaryDatumByObservation: "none",
  createAncillaryDatum: "jwt",
  createAncillaryData: "jwt",
  mergeAncillaryData: "jwt",
  updateAncillaryDatum: "jwt",
  deleteAncillaryDataByVideoReference: "jwt",
});
