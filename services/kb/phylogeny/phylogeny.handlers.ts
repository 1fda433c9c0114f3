import type { PhylogenyServiceService } from "../../../proto/gen/m3/kb/v1/phylogeny_service.js";
import type { UnaryHandlers } from "../../kit/grpc/bind-service.js";
import type { PhylogenyService } from "./phylogeny.service.js";

export function phylogenyHandlers(
  phylogeny: PhylogenyService,
): UnaryHandlers<typeof PhylogenyServiceService> {
  return {
    getPhylogenyUp: (request) => phylogeny.up(request.name),
    getPhylogenyDown: (request) => phylogeny.down(request.name),
    listPhylogenyBasic: async (request) => ({ concepts: await phylogeny.basic(request.name) }),
    listPhylogenyTaxa: async (request) => ({ concepts: await phylogeny.taxa(request.name) }),
    listPhylogenySiblings: async (request) => ({ concepts: await phylogeny.siblings(request.name) }),
  };
}
