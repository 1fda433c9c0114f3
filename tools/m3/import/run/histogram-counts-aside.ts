import { HistogramCountTriggersRepository } from "../../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import { HistogramCountsService } from "../../../../services/annotation/query/services/histogram-counts.service.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { isPrivilegeRefusal } from "../../../../services/kit/storage/storage-errors.js";

/**
 * New annotation rows from which setting the count triggers aside and recounting once pays: a
 * recount reads every annotation once, a trigger writes a count row per row written.
 */
export const RECOUNT_WORTHWHILE_ROWS = 20_000;

/**
 * Runs `work` (the annotation domain's merge) with the histogram count triggers set aside when
 * `newRows` reach RECOUNT_WORTHWHILE_ROWS, as `m3 restore` loads without them; afterwards the
 * triggers are made again and every count recounted (HistogramCountsService.turnOn, as
 * `m3 migrate` does). A run killed in between leaves the triggers missing (the annotation
 * service warns; the histograms count from the rows): the next import, or `m3 migrate`, makes
 * them and recounts.
 */
export async function withCountTriggersAside(
  storage: DomainStorage,
  newRows: number,
  work: () => Promise<void>,
): Promise<void> {
  const triggers = new HistogramCountTriggersRepository(storage);
  const counts = new HistogramCountsService(triggers);
  if (newRows >= RECOUNT_WORTHWHILE_ROWS && (await triggers.missing()).length === 0) {
    // A MySQL user without the TRIGGER privilege cannot drop them: the merge runs with them.
    await triggers.setAside().catch((error: unknown) => {
      if (!isPrivilegeRefusal(error)) throw error;
    });
  }
  try {
    await work();
  } catch (error) {
    // The rows committed so far are counted; the merge's own error is the one reported.
    await counts.turnOn().catch(() => undefined);
    throw error;
  }
  await counts.turnOn();
}
