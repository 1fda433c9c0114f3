import type { MigrationInterface, QueryRunner } from "typeorm";
import { binaryText, IDENTITY_ID } from "../../../postgres-columns.js";

/**
 * The history of kb changes on PostgreSQL. `approved` is a BOOLEAN (NULL until processed), as
 * the TINYINT 1/0 of the other engines; values are TEXT as there.
 */
export class InitHistoryPostgres implements MigrationInterface {
  name = "InitHistory1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concept_history (
      id ${IDENTITY_ID},
      concept_id BIGINT NOT NULL,
      creation_time TIMESTAMP(6) NOT NULL,
      creator_name ${binaryText(50)} NOT NULL,
      processed_time TIMESTAMP(6) NULL,
      processor_name ${binaryText(50)} NULL,
      approved BOOLEAN NULL,
      action ${binaryText(16)} NOT NULL,
      field ${binaryText(64)} NOT NULL,
      old_value ${binaryText()} NULL,
      new_value ${binaryText()} NULL,
      PRIMARY KEY (id),
      CONSTRAINT fk_concept_history_concept FOREIGN KEY (concept_id)
        REFERENCES concepts (id) ON DELETE CASCADE
    )`);
    await runner.query(
      "CREATE INDEX idx_concept_history_concept ON concept_history (concept_id, creation_time)",
    );
    await runner.query(
      "CREATE INDEX idx_concept_history_processed ON concept_history (processed_time, creation_time)",
    );
    await runner.query(
      "CREATE INDEX idx_concept_history_approved ON concept_history (approved, creation_time)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE concept_history");
  }
}
