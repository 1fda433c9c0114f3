import type { EntityManager } from "typeorm";
import type { Instant } from "../../kit/time/instant.js";

export interface MediaRecord {
  id: number;
  conceptId: number;
  url: string;
  caption: string | undefined;
  credit: string | undefined;
  /** As stored, e.g. Image, Video, Icon, IMAGE. */
  mediaType: string | undefined;
  isPrimary: boolean;
  lastUpdated: Instant;
}

export interface LinkRecord {
  id: number;
  conceptId: number;
  linkName: string;
  toConcept: string;
  linkValue: string;
  lastUpdated: Instant;
}

export interface ReferenceRecord {
  id: number;
  citation: string;
  doi: string | undefined;
  lastUpdated: Instant;
}

/** What hangs off a concept besides its names. */
export interface Attachments {
  media: MediaRecord[];
  linkRealizations: LinkRecord[];
  linkTemplates: LinkRecord[];
  references: ReferenceRecord[];
}

/**
 * Media, links and references of concepts, in one set-based read for many concepts
 * (implemented by the attachments part; the concept views use it).
 */
export interface ConceptAttachments {
  forConcepts(manager: EntityManager, conceptIds: readonly number[]): Promise<Map<number, Attachments>>;
}
