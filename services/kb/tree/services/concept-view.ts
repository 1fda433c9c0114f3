import type { EntityManager } from "typeorm";
import { compareText } from "../../../kit/sql/text-order.js";
import { readConcurrently } from "../../../kit/storage/concurrent-reads.js";
import type { CacheScope } from "../../cache/versioned-read-cache.js";
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

/** The cache key of one concept's view (by id), kept by the loads of every cached read. */
const viewKey = (conceptId: number) => `view\0${conceptId}`;

/**
 * Builds views of many concepts with one read per table (no per-concept queries). Given the
 * cache scope of a cached read, it reuses the views that read's version already holds and
 * keeps those it loads, so a search after a search loads only the concepts new to it.
 */
export class ConceptViewLoader {
  constructor(private readonly attachments: ConceptAttachments) {}

  /** Views of the concepts that exist among `conceptIds`, sorted by primary name. */
  async sortedByPrimaryName(
    manager: EntityManager,
    conceptIds: readonly number[],
    scope?: CacheScope,
  ): Promise<ConceptView[]> {
    const views = await this.load(manager, conceptIds, scope);
    return views.sort((a, b) => compareText(a.primaryName, b.primaryName));
  }

  async one(manager: EntityManager, conceptId: number, scope?: CacheScope): Promise<ConceptView | undefined> {
    return (await this.load(manager, [conceptId], scope))[0];
  }

  private async load(
    manager: EntityManager,
    conceptIds: readonly number[],
    scope: CacheScope | undefined,
  ): Promise<ConceptView[]> {
    const kept: Promise<ConceptView>[] = [];
    const missing: number[] = [];
    for (const id of conceptIds) {
      const view = scope?.get<ConceptView>(viewKey(id));
      if (view) kept.push(view);
      else missing.push(id);
    }
    const loaded = await this.loadFromTables(manager, missing);
    for (const view of loaded) scope?.keep(viewKey(view.concept.id), view);
    return [...(await Promise.all(kept)), ...loaded];
  }

  private async loadFromTables(
    manager: EntityManager,
    conceptIds: readonly number[],
  ): Promise<ConceptView[]> {
    if (conceptIds.length === 0) return [];
    const repositories = treeRepositories(manager);
    const concepts = await repositories.concepts.byIds(conceptIds);
    const ids = concepts.map((concept) => concept.id);
    const [names, attachments] = await readConcurrently(manager, [
      () => repositories.names.ofConcepts(ids),
      () => this.attachments.forConcepts(manager, ids),
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
