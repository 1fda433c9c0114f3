import type { MigrationInterface, QueryRunner } from "typeorm";

/** Covering index for the depth histogram (ancillary data joined by moment, depth read). */
export class HistogramIndexesPostgres implements MigrationInterface {
  name = "HistogramIndexes1764000000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_ancillary_data__moment_depth ON ancillary_data (imaged_moment_uuid, depth_meters)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP INDEX idx_ancillary_data__moment_depth");
  }
}
