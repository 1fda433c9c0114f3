import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Covering index for the fast queries that start from an association's to_concept (the
 * concept constraint's UNION branch, the to-concept lookups): they read only the observation
 * UUID, so the rows never have to be fetched.
 */
export class FastIndexesMysql implements MigrationInterface {
  name = "FastIndexes1763900100000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_associations__to_concept_observation ON associations (to_concept, observation_uuid)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP INDEX idx_associations__to_concept_observation ON associations");
  }
}
