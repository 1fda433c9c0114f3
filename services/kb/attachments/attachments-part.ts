import { LinkRealizationServiceService } from "../../../proto/gen/m3/kb/v1/link_realization_service.js";
import { LinkServiceService } from "../../../proto/gen/m3/kb/v1/link_service.js";
import { LinkTemplateServiceService } from "../../../proto/gen/m3/kb/v1/link_template_service.js";
import { MediaServiceService } from "../../../proto/gen/m3/kb/v1/media_service.js";
import { ReferenceServiceService } from "../../../proto/gen/m3/kb/v1/reference_service.js";
import { bindService } from "../../kit/grpc/bind-service.js";
import { VersionedReadCache } from "../cache/versioned-read-cache.js";
import type { KbPart, KbPartDeps, KbSchema } from "../contracts/part.js";
import { ConceptMediaEntity } from "./entities/concept-media.entity.js";
import { LinkRealizationEntity, LinkTemplateEntity } from "./entities/link.entity.js";
import { ConceptReferenceEntity, LiteratureReferenceEntity } from "./entities/reference.entity.js";
import { LINK_ACCESS } from "./handlers/link.access.js";
import { linkHandlers } from "./handlers/link.handlers.js";
import { LINK_REALIZATION_ACCESS } from "./handlers/link-realization.access.js";
import { linkRealizationHandlers } from "./handlers/link-realization.handlers.js";
import { LINK_TEMPLATE_ACCESS } from "./handlers/link-template.access.js";
import { linkTemplateHandlers } from "./handlers/link-template.handlers.js";
import { MEDIA_ACCESS } from "./handlers/media.access.js";
import { mediaHandlers } from "./handlers/media.handlers.js";
import { REFERENCE_ACCESS } from "./handlers/reference.access.js";
import { referenceHandlers } from "./handlers/reference.handlers.js";
import { InitAttachmentsMysql } from "./migrations/mysql/init-attachments.migration.js";
import { InitAttachmentsPostgres } from "./migrations/postgres/init-attachments.migration.js";
import { InitAttachmentsSqlite } from "./migrations/sqlite/init-attachments.migration.js";
import { attachmentHistoryHandlers } from "./services/attachment-history.handlers.js";
import { LinkService } from "./services/link.service.js";
import { LinkViewService } from "./services/link-view.service.js";
import { MediaService } from "./services/media.service.js";
import { ReferenceService } from "./services/reference.service.js";

export { toMedia } from "./handlers/attachments.mapper.js";
export { createConceptAttachments } from "./services/concept-attachments.service.js";

/** Media, link templates, link realizations and references (they reference `concepts`). */
export const attachmentsSchema: KbSchema = {
  entities: [
    ConceptMediaEntity,
    LinkTemplateEntity,
    LinkRealizationEntity,
    LiteratureReferenceEntity,
    ConceptReferenceEntity,
  ],
  migrations: {
    mysql: [InitAttachmentsMysql],
    postgres: [InitAttachmentsPostgres],
    sqlite: [InitAttachmentsSqlite],
  },
};

export interface AttachmentServices {
  media: MediaService;
  references: ReferenceService;
  templates: LinkService;
  realizations: LinkService;
  links: LinkViewService;
}

export function createAttachmentServices(deps: KbPartDeps): AttachmentServices {
  const cache = new VersionedReadCache(deps.versions);
  return {
    media: new MediaService(deps),
    references: new ReferenceService(deps),
    templates: new LinkService("template", deps, cache),
    realizations: new LinkService("realization", deps, cache),
    links: new LinkViewService(deps, cache),
  };
}

/** The attachments' gRPC services and the history fields they process (Media, LinkTemplate, LinkRealization). */
export function createAttachmentsPart(deps: KbPartDeps): KbPart {
  const services = createAttachmentServices(deps);
  const access = { tokens: deps.tokens, logger: deps.logger };
  return {
    bindings: [
      bindService(MediaServiceService, mediaHandlers(services.media, deps.principals), {
        ...access,
        declaration: MEDIA_ACCESS,
      }),
      bindService(ReferenceServiceService, referenceHandlers(services.references), {
        ...access,
        declaration: REFERENCE_ACCESS,
      }),
      bindService(LinkServiceService, linkHandlers(services.links, services.realizations), {
        ...access,
        declaration: LINK_ACCESS,
      }),
      bindService(
        LinkTemplateServiceService,
        linkTemplateHandlers(services.templates, services.links, deps.principals),
        { ...access, declaration: LINK_TEMPLATE_ACCESS },
      ),
      bindService(
        LinkRealizationServiceService,
        linkRealizationHandlers(services.realizations, deps.principals),
        {
          ...access,
          declaration: LINK_REALIZATION_ACCESS,
        },
      ),
    ],
    historyHandlers: attachmentHistoryHandlers(deps.directory),
  };
}
