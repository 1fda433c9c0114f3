import type { EntityManager } from "typeorm";
import type { Attachments, ConceptAttachments } from "../../contracts/concept-attachments.js";
import type { ConceptEntity } from "../entities/concept.entity.js";
import type { ConceptNameEntity } from "../entities/concept-name.entity.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import { primaryNameOf } from "./concept-directory.js";

/** A concept with its names and what hangs off it: what the concept and raw views print. */
export interface ConceptView {
  concept: ConceptEntity;
  primaryName: string;
  /** Every name, sorted by name. */
  names: ConceptNameEntity[];
  attachments: Attachments;
}

const NO_ATTACHMENTS: Attachments = { media: [], linkRealizations: [], linkTemplates: [], references: [] };

/** Builds views of many concepts with one read per table (no per-concept queries). */
export class ConceptViewLoader {
  constructor(private readonly attachments: ConceptAttachments) {}

  /** Views of the concepts that exist among `conceptIds`, sorted by primary name. */
  async sortedByPrimaryName(manager: EntityManager, conceptIds: readonly number[]): Promise<ConceptView[]> {
    const views = await this.load(manager, conceptIds);
    return views.sort((a, b) => compareText(a.primaryName, b.primaryName));
  }

  async one(manager: EntityManager, conceptId: number): Promise<ConceptView | undefined> {
    return (await this.load(manager, [conceptId]))[0];
  }

  private async load(manager: EntityManager, conceptIds: readonly number[]): Promise<ConceptView[]> {
    if (conceptIds.length === 0) return [];
    const repositories = treeRepositories(manager);
    const concepts = await repositories.concepts.byIds(conceptIds);
    const ids = concepts.map((concept) => concept.id);
    const [names, attachments] = await Promise.all([
      repositories.names.ofConcepts(ids),
      this.attachments.forConcepts(manager, ids),
    ]);
    const namesOf = new Map<number, ConceptNameEntity[]>();
    for (const name of names) {
      const list = namesOf.get(name.conceptId);
      if (list) list.push(name);
      else namesOf.set(name.conceptId, [name]);
    }
    return concepts.map((concept) => {
      const own = (namesOf.get(concept.id) ?? []).sort((a, b) => compareText(a.name, b.name));
      return {
        concept,
        primaryName: primaryNameOf(own),
        names: own,
        attachments: attachments.get(concept.id) ?? NO_ATTACHMENTS,
      };
    });
  }
}

/** Code-point order, as the binary collation sorts. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
