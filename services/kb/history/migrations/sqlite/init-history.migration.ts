import type { MigrationInterface, QueryRunner } from "typeorm";

/** The history of kb changes for the embedded store (timestamps as fixed-width TEXT). */
export class InitHistorySqlite implements MigrationInterface {
  name = "InitHistory1764200000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE concept_history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      concept_id INTEGER NOT NULL REFERENCES concepts (id) ON DELETE CASCADE,
      creation_time TEXT NOT NULL,
      creator_name TEXT NOT NULL,
      processed_time TEXT NULL,
      processor_name TEXT NULL,
      approved INTEGER NULL,
      action TEXT NOT NULL,
      field TEXT NOT NULL,
      old_value TEXT NULL,
      new_value TEXT NULL
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
