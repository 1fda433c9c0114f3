import type { MigrationInterface, QueryRunner } from "typeorm";

/** Covering index for the fast queries that start from an association's to_concept (see the MySQL one). */
export class FastIndexesPostgres implements MigrationInterface {
  name = "FastIndexes1763900100000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_associations__to_concept_observation ON associations (to_concept, observation_uuid)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP INDEX idx_associations__to_concept_observation");
  }
}
