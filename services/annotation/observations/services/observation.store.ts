import type { EntityManager } from "typeorm";
import { groupBy } from "../../../kit/collections/group-by.js";
import type { ObservationGraph, ObservationStore } from "../../contracts/observation-store.js";
import { AssociationRepository } from "../repositories/association.repository.js";
import { ObservationRepository } from "../repositories/observation.repository.js";

/** The shared observation building blocks (see ObservationStore). */
export function createObservationStore(): ObservationStore {
  return {
    async insertMany(manager, rows) {
      await new ObservationRepository(manager).insertMany(rows.map((row) => row.observation));
      await new AssociationRepository(manager).insertMany(rows.flatMap((row) => row.associations));
    },
    loadByMoments: async (manager, imagedMomentUuids) =>
      withAssociations(manager, await new ObservationRepository(manager).listByMoments(imagedMomentUuids)),
  };
}

/** The observations (in their order), each with its associations, in two statements. */
export async function withAssociations(
  manager: EntityManager,
  observations: readonly ObservationGraph["observation"][],
): Promise<ObservationGraph[]> {
  if (observations.length === 0) return [];
  const associations = await new AssociationRepository(manager).listByObservations(
    observations.map((observation) => observation.uuid),
  );
  const byObservation = groupBy(associations, (association) => association.observationUuid);
  return observations.map((observation) => ({
    observation,
    associations: byObservation.get(observation.uuid) ?? [],
  }));
}
