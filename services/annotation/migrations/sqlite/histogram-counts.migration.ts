import type { MigrationInterface, QueryRunner } from "typeorm";
import {
  histogramCountsRebuild,
  histogramCountTables,
  histogramCountTriggerNames,
  histogramCountTriggers,
} from "../../query/repositories/histogram-counts.sql.js";

/** Annotation counts per metre of depth and per day, kept by triggers (see the MySQL one). */
export class HistogramCountsSqlite implements MigrationInterface {
  name = "HistogramCounts1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of histogramCountTables("sqlite")) await runner.query(sql);
    for (const sql of histogramCountTriggers("sqlite")) await runner.query(sql);
    for (const sql of histogramCountsRebuild("sqlite")) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const { name } of histogramCountTriggerNames("sqlite")) await runner.query(`DROP TRIGGER ${name}`);
    await runner.query("DROP TABLE histogram_depth_counts");
    await runner.query("DROP TABLE histogram_day_counts");
    await runner.query("DROP TABLE histogram_moments");
  }
}
