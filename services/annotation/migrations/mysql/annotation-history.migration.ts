import type { MigrationInterface, QueryRunner } from "typeorm";

const UUID = "CHAR(36) CHARACTER SET ascii COLLATE ascii_bin";

/**
 * The history of every change to an observation, association, image reference or ancillary
 * datum: one row per record per committed transaction, with who, when, and the record before
 * and after as JSON text (TEXT holds 64 KiB: a snapshot is a row of at most a few KiB). No
 * foreign keys: a record's history outlives it. Rows are keyed by UUID, not a number, so two
 * m3s (a ship and shore) merge their histories without their keys meeting (`m3 import m3`).
 */
export class AnnotationHistoryMysql implements MigrationInterface {
  name = "AnnotationHistory1764600000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE annotation_history (
      uuid ${UUID} NOT NULL,
      changed_at DATETIME(6) NOT NULL,
      changed_by VARCHAR(128) NULL,
      action VARCHAR(16) NOT NULL,
      data_type VARCHAR(32) NOT NULL,
      record_uuid ${UUID} NOT NULL,
      observation_uuid ${UUID} NULL,
      imaged_moment_uuid ${UUID} NULL,
      before_json TEXT NULL,
      after_json TEXT NULL,
      PRIMARY KEY (uuid),
      KEY idx_annotation_history__observation (observation_uuid, changed_at),
      KEY idx_annotation_history__moment (imaged_moment_uuid, changed_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE annotation_history");
  }
}
