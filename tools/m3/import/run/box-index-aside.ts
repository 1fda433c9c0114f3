import { BoxIndexRepository } from "../../../../services/annotation/boxes/repositories/box-index.repository.js";
import { BoxIndexService } from "../../../../services/annotation/boxes/services/box-index.service.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { isPrivilegeRefusal } from "../../../../services/kit/storage/storage-errors.js";
import { RECOUNT_WORTHWHILE_ROWS } from "./histogram-counts-aside.js";

/**
 * Runs `work` (the annotation domain's merge) with the box index's triggers set aside when
 * `newRows` reach RECOUNT_WORTHWHILE_ROWS, as the histogram counts' are: a rebuild reads the
 * `bounding box` associations once, where the triggers run for every association written.
 * Afterwards (also after a failed merge) the triggers are made again and the index rebuilt, as
 * `m3 boxes reindex` does; a run killed in between leaves them missing, which box queries report
 * and the next import or `m3 boxes reindex` mends.
 */
export async function withBoxIndexAside(
  storage: DomainStorage,
  newRows: number,
  work: () => Promise<void>,
): Promise<void> {
  const index = new BoxIndexRepository(storage);
  if (newRows < RECOUNT_WORTHWHILE_ROWS || (await index.missingTriggers()).length > 0) {
    await work();
    return;
  }
  await index.setAside().catch((error: unknown) => {
    // A MySQL user without the TRIGGER privilege cannot drop them: the merge runs with them.
    if (!isPrivilegeRefusal(error)) throw error;
  });
  const reindex = new BoxIndexService(index);
  try {
    await work();
  } catch (error) {
    await reindex.reindex().catch(() => undefined);
    throw error;
  }
  await reindex.reindex();
}
