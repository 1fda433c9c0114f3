import type { MigrationInterface, QueryRunner } from "typeorm";

const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";

/**
 * The history of kb changes. Values are TEXT: a link's "name | to | value" text can exceed the
 * legacy VARCHAR(2048). Records go with their concept (ON DELETE CASCADE), as in the legacy kb.
 */
export class InitHistoryMysql implements MigrationInterface {
  name = "InitHistory1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concept_history (
      id BIGINT NOT NULL AUTO_INCREMENT,
      concept_id BIGINT NOT NULL,
      creation_time DATETIME(6) NOT NULL,
      creator_name VARCHAR(50) NOT NULL,
      processed_time DATETIME(6) NULL,
      processor_name VARCHAR(50) NULL,
      approved TINYINT NULL,
      action VARCHAR(16) NOT NULL,
      field VARCHAR(64) NOT NULL,
      old_value TEXT NULL,
      new_value TEXT NULL,
      PRIMARY KEY (id),
      KEY idx_concept_history_concept (concept_id, creation_time),
      KEY idx_concept_history_processed (processed_time, creation_time),
      KEY idx_concept_history_approved (approved, creation_time),
      CONSTRAINT fk_concept_history_concept FOREIGN KEY (concept_id)
        REFERENCES concepts (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE concept_history");
  }
}
