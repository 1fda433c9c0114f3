import type { CallContext } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { LinkChanges, LinkService } from "../services/link.service.js";
import { toExtendedLink, toExtendedLinks } from "./attachments.mapper.js";

/** The handlers link templates and realizations share, before they get their rpc names. */
export function linkFamilyHandlers(service: LinkService, principals: PrincipalResolver) {
  return {
    list: async (request: { limit?: number; offset?: number }) => {
      const { content, limit, offset } = await service.page(request.limit, request.offset);
      return { content: content.map(toExtendedLink), limit, offset };
    },
    count: async () => ({ count: await service.count() }),
    get: async (request: { id: number }) => toExtendedLink(await service.get(request.id)),
    listByConcept: async (request: { conceptName: string }) =>
      toExtendedLinks(await service.listByConcept(request.conceptName)),
    countByConcept: async (request: { conceptName: string }) => ({
      count: await service.countByConcept(request.conceptName),
    }),
    listToConcept: async (request: { toConcept: string }) =>
      toExtendedLinks(await service.listToConcept(request.toConcept)),
    countToConcept: async (request: { toConcept: string }) => ({
      count: await service.countToConcept(request.toConcept),
    }),
    findPrototypes: async (request: { linkName: string; toConcept: string; linkValue: string }) =>
      toExtendedLinks(await service.findPrototypes(request)),
    rename: async (request: { old: string; new: string }, ctx: CallContext) => {
      await principals.requireWriter(ctx);
      const count = await service.renameToConcept(request.old, request.new);
      return { oldConcept: request.old, newConcept: request.new, count };
    },
    create: async (request: LinkChanges & { concept: string }, ctx: CallContext) =>
      toExtendedLink(await service.create(await principals.requireWriter(ctx), request.concept, request)),
    update: async (request: LinkChanges & { id: number }, ctx: CallContext) =>
      toExtendedLink(await service.update(await principals.requireWriter(ctx), request.id, request)),
    delete: async (request: { id: number }, ctx: CallContext) => {
      await service.delete(await principals.requireWriter(ctx), request.id);
      return {};
    },
  };
}
