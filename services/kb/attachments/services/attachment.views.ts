import type { ConceptMediaEntity } from "../entities/concept-media.entity.js";
import type { LinkEntity } from "../entities/link.entity.js";
import type { LiteratureReferenceEntity } from "../entities/reference.entity.js";

/** A media record with its owner's primary name. */
export interface MediaView {
  media: ConceptMediaEntity;
  conceptName: string | undefined;
}

/** A link with its owner's primary name. */
export interface LinkView {
  link: LinkEntity;
  concept: string;
}

/** A reference with the primary names of its concepts. */
export interface ReferenceView {
  reference: LiteratureReferenceEntity;
  concepts: string[];
}

export interface PageOf<T> {
  content: T[];
  limit: number;
  offset: number;
}
