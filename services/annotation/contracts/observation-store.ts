import type { EntityManager } from "typeorm";
import type { AssociationEntity } from "../entities/association.entity.js";
import type { ObservationEntity } from "../entities/observation.entity.js";

/** An observation with its associations (ordered by association UUID). */
export interface ObservationGraph {
  observation: ObservationEntity;
  associations: AssociationEntity[];
}

/**
 * Observation building blocks shared by every annotation part (implemented by the
 * observations part). Each takes the EntityManager of the caller's read or transaction.
 */
export interface ObservationStore {
  /** Inserts the observations and then their associations, multi-row (no per-row round trips). */
  insertMany(manager: EntityManager, rows: readonly ObservationGraph[]): Promise<void>;
  /** The observations of the moments, with their associations, ordered by observation UUID. */
  loadByMoments(manager: EntityManager, imagedMomentUuids: readonly string[]): Promise<ObservationGraph[]>;
}
