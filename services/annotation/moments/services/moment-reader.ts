import type { EntityManager } from "typeorm";
import type { ImagedMomentStore, MomentGraph } from "../../contracts/imaged-moment-store.js";
import type { ObservationGraph, ObservationStore } from "../../contracts/observation-store.js";
import { groupBy } from "../../shared/group-by.js";

/** An imaged moment in its extended form: images, ancillary data and observations with associations. */
export interface MomentView {
  graph: MomentGraph;
  observations: ObservationGraph[];
}

/** Loads extended imaged moments in four statements, whatever their number. */
export class MomentReader {
  constructor(
    private readonly moments: ImagedMomentStore,
    private readonly observations: ObservationStore,
  ) {}

  /** The moments in the order of `uuids` (unknown UUIDs skipped). */
  async read(manager: EntityManager, uuids: readonly string[]): Promise<MomentView[]> {
    if (uuids.length === 0) return [];
    const graphs = await this.moments.loadMoments(manager, uuids);
    const observations = await this.observations.loadByMoments(
      manager,
      graphs.map((graph) => graph.moment.uuid),
    );
    const byMoment = groupBy(observations, (observation) => observation.observation.imagedMomentUuid);
    const views = new Map(
      graphs.map((graph) => [
        graph.moment.uuid,
        { graph, observations: byMoment.get(graph.moment.uuid) ?? [] },
      ]),
    );
    return uuids.flatMap((uuid) => views.get(uuid) ?? []);
  }

  async readOne(manager: EntityManager, uuid: string): Promise<MomentView | undefined> {
    const [view] = await this.read(manager, [uuid]);
    return view;
  }
}
