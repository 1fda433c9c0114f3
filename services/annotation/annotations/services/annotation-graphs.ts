import type { EntityManager } from "typeorm";
import { compareText } from "../../../kit/sql/text-order.js";
import type { ImagedMomentStore, MomentGraph } from "../../contracts/imaged-moment-store.js";
import type { ObservationGraph, ObservationStore } from "../../contracts/observation-store.js";

/** An observation with its associations, on its imaged moment with images and ancillary data. */
export interface AnnotationGraph {
  moment: MomentGraph;
  observation: ObservationGraph;
}

/** The shared building blocks the annotation services read and write through. */
export interface AnnotationStores {
  moments: ImagedMomentStore;
  observations: ObservationStore;
}

/**
 * The annotations on the imaged moments, ordered by observation UUID; with `only`, just
 * those observations. Three set-based reads whatever the number of moments.
 */
export async function loadAnnotations(
  manager: EntityManager,
  stores: AnnotationStores,
  momentUuids: readonly string[],
  only?: ReadonlySet<string>,
): Promise<AnnotationGraph[]> {
  if (momentUuids.length === 0) return [];
  const moments = await stores.moments.loadMoments(manager, momentUuids);
  const observations = await stores.observations.loadByMoments(
    manager,
    moments.map((graph) => graph.moment.uuid),
  );
  return joinAnnotations(moments, observations, only);
}

/** Each observation on its moment (observations without a loaded moment are dropped), by observation UUID. */
export function joinAnnotations(
  moments: readonly MomentGraph[],
  observations: readonly ObservationGraph[],
  only?: ReadonlySet<string>,
): AnnotationGraph[] {
  const momentByUuid = new Map(moments.map((graph) => [graph.moment.uuid, graph]));
  return observations
    .filter((graph) => only === undefined || only.has(graph.observation.uuid))
    .flatMap((observation) => {
      const moment = momentByUuid.get(observation.observation.imagedMomentUuid);
      return moment ? [{ moment, observation }] : [];
    })
    .sort((a, b) => compareText(a.observation.observation.uuid, b.observation.observation.uuid));
}

/**
 * Each observation on its moment, in the observations' order (a graph read gives them by
 * UUID): one pass, no re-sorting of a video's tens of thousands of annotations.
 */
export function annotationsInOrder(
  moments: readonly MomentGraph[],
  observations: readonly ObservationGraph[],
): AnnotationGraph[] {
  const momentByUuid = new Map(moments.map((graph) => [graph.moment.uuid, graph]));
  const annotations: AnnotationGraph[] = [];
  for (const observation of observations) {
    const moment = momentByUuid.get(observation.observation.imagedMomentUuid);
    if (moment) annotations.push({ moment, observation });
  }
  return annotations;
}
