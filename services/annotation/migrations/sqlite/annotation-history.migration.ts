import type { MigrationInterface, QueryRunner } from "typeorm";

/** The history of annotation changes (see AnnotationHistoryMysql); times as fixed-width TEXT. */
export class AnnotationHistorySqlite implements MigrationInterface {
  name = "AnnotationHistory1764600000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE annotation_history (
      uuid TEXT NOT NULL PRIMARY KEY,
      changed_at TEXT NOT NULL,
      changed_by TEXT NULL,
      action TEXT NOT NULL,
      data_type TEXT NOT NULL,
      record_uuid TEXT NOT NULL,
      observation_uuid TEXT NULL,
      imaged_moment_uuid TEXT NULL,
      before_json TEXT NULL,
      after_json TEXT NULL
    )`);
    await runner.query(
      "CREATE INDEX idx_annotation_history__observation ON annotation_history (observation_uuid, changed_at)",
    );
    await runner.query(
      "CREATE INDEX idx_annotation_history__moment ON annotation_history (imaged_moment_uuid, changed_at)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE annotation_history");
  }
}
