import type { LinkServiceService } from "../../../../proto/gen/m3/kb/v1/link_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { LinkService } from "../services/link.service.js";
import type { LinkViewService } from "../services/link-view.service.js";
import { toExtendedLinks, toLink } from "./attachments.mapper.js";

export function linkHandlers(
  views: LinkViewService,
  realizations: LinkService,
): UnaryHandlers<typeof LinkServiceService> {
  return {
    listLinks: async () => ({ links: (await views.listAll()).map(toLink) }),
    listApplicableLinks: async (request) => ({
      links: (await views.listApplicable(request.name, request.linkName)).map((view) => toLink(view.link)),
    }),
    listRealizationsByLinkName: async (request) =>
      toExtendedLinks(await realizations.listByLinkName(request.linkName)),
  };
}
