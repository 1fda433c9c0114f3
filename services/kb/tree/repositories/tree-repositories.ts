import type { EntityManager } from "typeorm";
import { ConceptRepository } from "./concept.repository.js";
import { ConceptNameRepository } from "./concept-name.repository.js";

export interface TreeRepositories {
  concepts: ConceptRepository;
  names: ConceptNameRepository;
}

/** The tree's repositories bound to one read or transaction. */
export function treeRepositories(manager: EntityManager): TreeRepositories {
  return { concepts: new ConceptRepository(manager), names: new ConceptNameRepository(manager) };
}
