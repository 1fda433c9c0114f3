import type { MigrationInterface, QueryRunner } from "typeorm";
import {
  histogramCountsRebuild,
  histogramCountTables,
  histogramCountTriggerNames,
  histogramCountTriggers,
} from "../../query/repositories/histogram-counts.sql.js";

/**
 * Annotation counts per metre of depth and per day, kept by triggers in the transaction of
 * every write (histogram-counts.sql.ts): the histograms over every annotation read these few
 * thousand rows instead of joining a million observations (1.0-1.2 s at the join's floor).
 */
export class HistogramCountsMysql implements MigrationInterface {
  name = "HistogramCounts1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of histogramCountTables("mysql")) await runner.query(sql);
    for (const sql of histogramCountTriggers("mysql")) await runner.query(sql);
    for (const sql of histogramCountsRebuild("mysql")) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const { name } of histogramCountTriggerNames("mysql")) await runner.query(`DROP TRIGGER ${name}`);
    await runner.query("DROP TABLE histogram_depth_counts, histogram_day_counts, histogram_moments");
  }
}
