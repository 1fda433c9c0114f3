import type { ExtendedLink, Link, Media, Reference } from "../../../../proto/gen/m3/kb/v1/resources.js";
import type { MediaRecord } from "../../contracts/concept-attachments.js";
import type { LinkEntity } from "../entities/link.entity.js";
import type { LinkView, ReferenceView } from "../services/attachment.views.js";
import { printableUrl, resolveMimeType } from "../services/media.rules.js";

/** A media record as clients get it: url spaces as %20, the derived MIME type. */
export function toMedia(media: MediaRecord, conceptName: string | undefined): Media {
  return {
    url: printableUrl(media.url),
    caption: media.caption,
    credit: media.credit,
    mimeType: resolveMimeType(media.mediaType, media.url),
    isPrimary: media.isPrimary,
    conceptName,
    id: media.id,
    lastUpdated: media.lastUpdated.toTimestamp(),
  };
}

export function toLink(link: LinkEntity): Link {
  return { linkName: link.linkName, toConcept: link.toConcept, linkValue: link.linkValue, id: link.id };
}

export function toExtendedLink(view: LinkView): ExtendedLink {
  return {
    concept: view.concept,
    ...toLink(view.link),
    lastUpdated: view.link.lastUpdatedTime.toTimestamp(),
  };
}

export function toExtendedLinks(views: readonly LinkView[]): { links: ExtendedLink[] } {
  return { links: views.map(toExtendedLink) };
}

export function toReference(view: ReferenceView): Reference {
  return {
    citation: view.reference.citation,
    doi: view.reference.doi ?? undefined,
    concepts: view.concepts,
    id: view.reference.id,
    lastUpdated: view.reference.lastUpdatedTime.toTimestamp(),
  };
}
