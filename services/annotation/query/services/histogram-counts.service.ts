import { processLogger } from "../../../kit/log/logger.js";
import { warnHistogramCountsRefused } from "../histogram-counts-off.js";
import type { HistogramCountTriggersRepository } from "../repositories/histogram-count-triggers.repository.js";

/** The histogram counts after turnOn(): kept already, turned on now, or still off (refused). */
export type HistogramCountsState = "kept" | "turned-on" | "off";

/** Turns the kept histogram counts on in a database that lacks their triggers. */
export class HistogramCountsService {
  constructor(private readonly triggers: HistogramCountTriggersRepository) {}

  /**
   * Kept already: nothing to do. Otherwise makes every trigger and recounts; refused for want
   * of a privilege, leaves none, warns and says "off". Run again once granted.
   */
  async turnOn(): Promise<HistogramCountsState> {
    if ((await this.triggers.missing()).length === 0) return "kept";
    const refusal = await this.triggers.create();
    if (refusal !== undefined) {
      warnHistogramCountsRefused(refusal);
      return "off";
    }
    await this.triggers.recount();
    processLogger().info(
      "annotation histogram counts turned on: their triggers made and every count recounted",
    );
    return "turned-on";
  }
}
