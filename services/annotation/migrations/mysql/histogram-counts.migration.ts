import type { MigrationInterface, QueryRunner } from "typeorm";
import { warnHistogramCountsRefused } from "../../query/histogram-counts-off.js";
import { createHistogramCountTriggers } from "../../query/repositories/histogram-count-triggers.repository.js";
import {
  histogramCountsRebuild,
  histogramCountTables,
  histogramCountTriggerNames,
} from "../../query/repositories/histogram-counts.sql.js";

/**
 * Annotation counts per metre of depth and per day, kept by triggers in the transaction of
 * every write (histogram-counts.sql.ts): the histograms over every annotation read these few
 * thousand rows instead of joining a million observations (1.0-1.2 s at the join's floor).
 *
 * A user refused CREATE TRIGGER (no TRIGGER privilege; or binary logging on, without SUPER
 * and log_bin_trust_function_creators) gets the tables, empty, no trigger and a warning: the
 * histograms then join (HistogramRepository checks), and `m3 migrate` turns the counts on once
 * granted (HistogramCountsService). The tables may be there already, left by this migration
 * when such a refusal failed it, before it knew to carry on.
 */
export class HistogramCountsMysql implements MigrationInterface {
  name = "HistogramCounts1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of histogramCountTables("mysql", { ifNotExists: true })) await runner.query(sql);
    const refusal = await createHistogramCountTriggers((sql) => runner.query(sql), "mysql");
    if (refusal !== undefined) {
      warnHistogramCountsRefused(refusal);
      return;
    }
    for (const sql of histogramCountsRebuild("mysql")) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const { name } of histogramCountTriggerNames("mysql")) {
      await runner.query(`DROP TRIGGER IF EXISTS ${name}`);
    }
    await runner.query("DROP TABLE histogram_depth_counts, histogram_day_counts, histogram_moments");
  }
}
