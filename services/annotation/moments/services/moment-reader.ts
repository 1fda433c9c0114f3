import type { EntityManager } from "typeorm";
import { groupBy } from "../../../kit/collections/group-by.js";
import type { MomentGraph } from "../../contracts/imaged-moment-store.js";
import type { ObservationGraph } from "../../contracts/observation-store.js";
import { type GraphSelection, momentsSelection } from "../../shared/graph-selection.sql.js";
import { MomentGraphRepository } from "../../shared/moment-graph.repository.js";

/** An imaged moment in its extended form: images, ancillary data and observations with associations. */
export interface MomentView {
  graph: MomentGraph;
  observations: ObservationGraph[];
}

/** Moments per statement pair: the IN list stays short enough for both databases' planners. */
const MOMENTS_PER_READ = 500;

/** Loads extended imaged moments in two statements (per 500 moments). */
export class MomentReader {
  /** The moments in the order of `uuids` (unknown UUIDs skipped). */
  async read(manager: EntityManager, uuids: readonly string[]): Promise<MomentView[]> {
    const unique = [...new Set(uuids)];
    const views = new Map<string, MomentView>();
    for (let start = 0; start < unique.length; start += MOMENTS_PER_READ) {
      const chunk = unique.slice(start, start + MOMENTS_PER_READ);
      for (const view of await this.readWhere(manager, momentsSelection(chunk))) {
        views.set(view.graph.moment.uuid, view);
      }
    }
    return uuids.flatMap((uuid) => views.get(uuid) ?? []);
  }

  async readOne(manager: EntityManager, uuid: string): Promise<MomentView | undefined> {
    const [view] = await this.read(manager, [uuid]);
    return view;
  }

  /** The moments the selection names, ordered by moment UUID. */
  async readWhere(manager: EntityManager, selection: GraphSelection): Promise<MomentView[]> {
    const { moments, observations } = await new MomentGraphRepository(manager).read(selection, true);
    const byMoment = groupBy(observations, (observation) => observation.observation.imagedMomentUuid);
    return moments.map((graph) => ({ graph, observations: byMoment.get(graph.moment.uuid) ?? [] }));
  }
}
