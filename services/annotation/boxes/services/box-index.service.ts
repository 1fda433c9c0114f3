import { warnBoxIndexRefused } from "../box-index-off.js";
import type { BoxIndexCounts, BoxIndexRepository } from "../repositories/box-index.repository.js";

/** What a reindex did: the triggers kept (or refused), and the rows rebuilt. */
export interface BoxReindexResult extends BoxIndexCounts {
  /** False when the database refused the triggers: the rows are rebuilt but not kept after. */
  kept: boolean;
}

/** The box index's upkeep: its triggers made again when missing, its rows rebuilt from the associations. */
export class BoxIndexService {
  constructor(private readonly index: BoxIndexRepository) {}

  async reindex(): Promise<BoxReindexResult> {
    let kept = true;
    if ((await this.index.missingTriggers()).length > 0) {
      const refusal = await this.index.createTriggers();
      if (refusal !== undefined) {
        warnBoxIndexRefused(refusal);
        kept = false;
      }
    }
    return { kept, ...(await this.index.rebuild()) };
  }
}
