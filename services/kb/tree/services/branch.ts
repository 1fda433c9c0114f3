import type { EntityManager } from "typeorm";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import { treeRepositories } from "../repositories/tree-repositories.js";

/**
 * Deletes a concept and its descendants, deepest level first: InnoDB stops cascading after
 * 15 levels and the real tree is 16 deep. Names, attachments and history go by FK cascade
 * of each deleted row. Returns how many concepts were deleted.
 */
export async function deleteBranch(
  manager: EntityManager,
  directory: ConceptDirectory,
  conceptId: number,
): Promise<number> {
  const { concepts } = treeRepositories(manager);
  const levels: number[][] = [];
  for (let level = [conceptId]; level.length > 0; level = await concepts.childIds(level)) levels.push(level);
  for (const level of levels.reverse()) await concepts.deleteIds(level);
  await directory.markTreeChanged(manager);
  return levels.reduce((sum, level) => sum + level.length, 0);
}

/** Whether `candidateId` is `conceptId` itself or one of its descendants. */
export async function isInBranch(
  manager: EntityManager,
  conceptId: number,
  candidateId: number,
): Promise<boolean> {
  const ancestry = await treeRepositories(manager).concepts.ancestry(candidateId);
  return ancestry.some((concept) => concept.id === conceptId);
}
