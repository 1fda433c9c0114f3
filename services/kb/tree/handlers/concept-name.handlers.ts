import type { ConceptNameServiceService } from "../../../../proto/gen/m3/kb/v1/concept_name_service.js";
import type { RawServiceService } from "../../../../proto/gen/m3/kb/v1/raw_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { ConceptNameService } from "../services/concept-name.service.js";
import { toRawConcept, toRawConceptName } from "./tree.mapper.js";

export function conceptNameHandlers(
  names: ConceptNameService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof ConceptNameServiceService> {
  return {
    listNames: async (request) => {
      const page = await names.list(request.limit, request.offset);
      return { content: page.names, limit: page.limit, offset: page.offset };
    },
    getNamedConcept: async (request) => toRawConcept(await names.get(request.name)),
    createConceptName: async (request, ctx) => {
      const principal = await principals.requireWriter(ctx);
      return toRawConcept(await names.create(request, principal));
    },
    updateConceptName: async (request, ctx) => {
      const principal = await principals.requireWriter(ctx);
      const { name, ...changes } = request;
      return toRawConcept(await names.update(name, changes, principal));
    },
    deleteConceptName: async (request, ctx) => {
      const principal = await principals.requireWriter(ctx);
      return toRawConcept(await names.delete(request.name, principal));
    },
  };
}

export function rawHandlers(names: ConceptNameService): UnaryHandlers<typeof RawServiceService> {
  return {
    getRawConcept: async (request) => toRawConcept(await names.get(request.name)),
    listRawConceptNames: async (request) => ({
      names: (await names.get(request.name)).names.map(toRawConceptName),
    }),
  };
}
