import type { EntityManager } from "typeorm";

/** A concept as other kb parts refer to it. */
export interface ConceptRef {
  id: number;
  primaryName: string;
  parentId: number | undefined;
}

/**
 * Concept look-ups shared by every kb part (implemented by the concept tree part). Each
 * takes the EntityManager of the caller's read or transaction.
 */
export interface ConceptDirectory {
  /** The concept owning `name` (exact, case-sensitive, any name type). */
  findByAnyName(manager: EntityManager, name: string): Promise<ConceptRef | undefined>;
  /** As findByAnyName, else NOT_FOUND "Concept name `X` was not found". */
  requireByAnyName(manager: EntityManager, name: string): Promise<ConceptRef>;
  /** Primary names of many concepts at once. */
  primaryNames(manager: EntityManager, conceptIds: readonly number[]): Promise<Map<number, string>>;
  /** The concept and its ancestors, root first (link templates are inherited down this path). */
  lineage(manager: EntityManager, conceptId: number): Promise<ConceptRef[]>;
  /**
   * Records that the tree changed (names, parents, ranks, deletions) or what hangs off a
   * concept did (media, links, references), in the same transaction, so every replica's
   * caches (the phylogeny tree, the concept views) reload before their next answer.
   */
  markTreeChanged(manager: EntityManager): Promise<void>;
}
