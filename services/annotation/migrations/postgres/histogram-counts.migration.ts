import type { MigrationInterface, QueryRunner } from "typeorm";
import { dropTriggerStatements } from "../../query/repositories/histogram-count-dialects.sql.js";
import {
  histogramCountsRebuild,
  histogramCountTables,
  histogramCountTriggerNames,
  histogramCountTriggers,
} from "../../query/repositories/histogram-counts.sql.js";

/**
 * Annotation counts per metre of depth and per day, kept by triggers (see the MySQL one): plpgsql
 * functions run by row triggers, each writer adding to its backend's shard of the counts.
 */
export class HistogramCountsPostgres implements MigrationInterface {
  name = "HistogramCounts1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of histogramCountTables("postgres")) await runner.query(sql);
    for (const sql of histogramCountTriggers("postgres")) await runner.query(sql);
    for (const sql of histogramCountsRebuild("postgres")) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const trigger of histogramCountTriggerNames("postgres")) {
      for (const sql of dropTriggerStatements("postgres", trigger)) await runner.query(sql);
    }
    await runner.query("DROP TABLE histogram_depth_counts, histogram_day_counts, histogram_moments");
  }
}
