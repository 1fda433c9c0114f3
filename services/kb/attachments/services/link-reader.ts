import type { EntityManager } from "typeorm";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import type { LinkEntity } from "../entities/link.entity.js";
import type { LinkKind } from "../repositories/link.repository.js";
import type { LinkView } from "./attachment.views.js";
import { checkLength } from "./input.rules.js";
import type { Triple } from "./link.rules.js";

/** Owner names and to-concept resolution shared by the link services. */
export class LinkReader {
  constructor(
    readonly kind: LinkKind,
    private readonly directory: ConceptDirectory,
  ) {}

  /** The primary name when `toConcept` names a concept, else the text itself ("self", free text). */
  async resolveTarget(manager: EntityManager, toConcept: string): Promise<string> {
    return (await this.directory.findByAnyName(manager, toConcept))?.primaryName ?? toConcept;
  }

  async ownerName(manager: EntityManager, conceptId: number): Promise<string> {
    return (await this.directory.primaryNames(manager, [conceptId])).get(conceptId) ?? "";
  }

  async view(manager: EntityManager, link: LinkEntity): Promise<LinkView> {
    return { link, concept: await this.ownerName(manager, link.conceptId) };
  }

  /** One name look-up for all owners. */
  async views(manager: EntityManager, links: readonly LinkEntity[]): Promise<LinkView[]> {
    const names = await this.directory.primaryNames(manager, [...new Set(links.map((l) => l.conceptId))]);
    return links.map((link) => ({ link, concept: names.get(link.conceptId) ?? "" }));
  }
}

/** The triple within its columns' lengths. */
export function checkedTriple(triple: Triple): Triple {
  checkLength(triple.linkName, 50, "linkName");
  checkLength(triple.toConcept, 128, "toConcept");
  checkLength(triple.linkValue, 2048, "linkValue");
  return triple;
}
