import { PhylogenyServiceService } from "../../../proto/gen/m3/kb/v1/phylogeny_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Every phylogeny view is open (no JWT), as in the spec. */
export const PHYLOGENY_ACCESS = declareAccess(PhylogenyServiceService, {
  getPhylogenyUp: "none",
  getPhylogenyDown: "none",
  listPhylogenyBasic: "none",
  listPhylogenyTaxa: "none",
  listPhylogenySiblings: "none",
});
