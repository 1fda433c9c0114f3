import type { ConceptServiceService } from "../../../../proto/gen/m3/kb/v1/concept_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { ConceptQueryService } from "../services/concept-query.service.js";
import type { ConceptWriteService } from "../services/concept-write.service.js";
import { RANKS } from "../services/rank.rules.js";
import { toConceptMetadata, toRank } from "./tree.mapper.js";

export function conceptHandlers(
  queries: ConceptQueryService,
  writes: ConceptWriteService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof ConceptServiceService> {
  return {
    listAllConceptNames: async () => ({ names: await queries.listAllNames() }),
    countConcepts: async () => ({ count: await queries.count() }),
    getConcept: async (request) => toConceptMetadata(await queries.get(request.name)),
    findConcepts: async (request) => ({
      concepts: (await queries.find(request.name)).map(toConceptMetadata),
    }),
    getParentConcept: async (request) => toConceptMetadata(await queries.parent(request.name)),
    listChildConcepts: async (request) => ({
      concepts: (await queries.children(request.name)).map(toConceptMetadata),
    }),
    getRootConcept: async () => toConceptMetadata(await queries.root()),
    listRanks: async () => ({ ranks: RANKS.map(toRank) }),
    createConcept: async (request, ctx) => {
      const principal = await principals.requireWriter(ctx);
      return toConceptMetadata(await writes.create(request, principal));
    },
    updateConcept: async (request, ctx) => {
      const principal = await principals.requireWriter(ctx);
      const { name, ...changes } = request;
      return toConceptMetadata(await writes.update(name, changes, principal));
    },
    deleteConcept: async (request, ctx) => {
      const principal = await principals.requireWriter(ctx);
      await writes.delete(request.name, principal);
      return {};
    },
  };
}
