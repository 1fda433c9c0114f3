import type { MigrationInterface, QueryRunner } from "typeorm";

const UUID = `CHAR(36) COLLATE "C"`;

/** The history of annotation changes (see AnnotationHistoryMysql). */
export class AnnotationHistoryPostgres implements MigrationInterface {
  name = "AnnotationHistory1764600000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE annotation_history (
      uuid ${UUID} NOT NULL,
      changed_at TIMESTAMP(6) NOT NULL,
      changed_by VARCHAR(128) COLLATE "C" NULL,
      action VARCHAR(16) COLLATE "C" NOT NULL,
      data_type VARCHAR(32) COLLATE "C" NOT NULL,
      record_uuid ${UUID} NOT NULL,
      observation_uuid ${UUID} NULL,
      imaged_moment_uuid ${UUID} NULL,
      before_json TEXT NULL,
      after_json TEXT NULL,
      PRIMARY KEY (uuid)
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
