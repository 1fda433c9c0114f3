import { HistogramServiceService } from "../../../../proto/gen/m3/annotation/v1/histogram_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Histograms are reads: open, as in the legacy service. */
export const HISTOGRAM_ACCESS = declareAccess(HistogramServiceService, {
  getDepthHistogram: "none",
  getTimeHistogram: "none",
});
