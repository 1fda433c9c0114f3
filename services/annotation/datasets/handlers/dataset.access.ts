import { DatasetServiceService } from "../../../../proto/gen/m3/annotation/v1/dataset_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Datasets are open to all, as charybdis's are (it asks for no key or token). */
export const DATASET_ACCESS = declareAccess(DatasetServiceService, {
  listDatasetByConcept: "none",
  listDatasetByDive: "none",
  listDatasetByVideoFile: "none",
  countDatasetByDive: "none",
  getDatasetHealth: "none",
});
