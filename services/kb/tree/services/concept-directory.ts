import type { EntityManager } from "typeorm";
import type { ConceptDirectory, ConceptRef } from "../../contracts/concept-directory.js";
import type { ConceptEntity } from "../entities/concept.entity.js";
import type { ConceptNameEntity } from "../entities/concept-name.entity.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import { bumpTreeVersion } from "../repositories/tree-version.repository.js";
import { isPrimary } from "./name-type.rules.js";
import { conceptNotFound } from "./tree-errors.js";

/** The primary name among a concept's names (a concept missing one shows its first name). */
export function primaryNameOf(names: readonly ConceptNameEntity[]): string {
  return (names.find((name) => isPrimary(name.nameType)) ?? names[0])?.name ?? "";
}

/** Concept look-ups for every kb part, over the tree's tables. */
export class TreeConceptDirectory implements ConceptDirectory {
  async findByAnyName(manager: EntityManager, name: string): Promise<ConceptRef | undefined> {
    const { concepts, names } = treeRepositories(manager);
    const found = await names.byName(name);
    if (!found) return undefined;
    const concept = await concepts.byId(found.conceptId);
    if (!concept) return undefined;
    const primary = isPrimary(found.nameType) ? found.name : await this.primaryName(manager, concept.id);
    return { id: concept.id, primaryName: primary, parentId: concept.parentId ?? undefined };
  }

  async requireByAnyName(manager: EntityManager, name: string): Promise<ConceptRef> {
    const found = await this.findByAnyName(manager, name);
    if (!found) throw conceptNotFound(name);
    return found;
  }

  async primaryNames(manager: EntityManager, conceptIds: readonly number[]): Promise<Map<number, string>> {
    if (conceptIds.length === 0) return new Map();
    const names = await treeRepositories(manager).names.ofConcepts(conceptIds);
    const byConcept = new Map<number, ConceptNameEntity[]>();
    for (const name of names) byConcept.set(name.conceptId, [...(byConcept.get(name.conceptId) ?? []), name]);
    return new Map([...byConcept].map(([id, list]) => [id, primaryNameOf(list)]));
  }

  async lineage(manager: EntityManager, conceptId: number): Promise<ConceptRef[]> {
    const ancestry = await treeRepositories(manager).concepts.ancestry(conceptId);
    const primary = await this.primaryNames(
      manager,
      ancestry.map((concept) => concept.id),
    );
    return ancestry.reverse().map((concept: ConceptEntity) => ({
      id: concept.id,
      primaryName: primary.get(concept.id) ?? "",
      parentId: concept.parentId ?? undefined,
    }));
  }

  markTreeChanged(manager: EntityManager): Promise<void> {
    return bumpTreeVersion(manager);
  }

  private async primaryName(manager: EntityManager, conceptId: number): Promise<string> {
    return (await this.primaryNames(manager, [conceptId])).get(conceptId) ?? "";
  }
}
