import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The covering indexes that pair an observation's concept and its moment (see the MySQL one): a
 * video's concepts from (imaged_moment_uuid, concept), a page of a concept's moments from
 * (concept, imaged_moment_uuid), each read from the index alone. The page indexes stay: they
 * end with the observation UUID, which a PostgreSQL index does not hold otherwise.
 */
export class ConceptMomentIndexesPostgres implements MigrationInterface {
  name = "ConceptMomentIndexes1764500000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_observations__moment_concept ON observations (imaged_moment_uuid, concept)",
    );
    await runner.query(
      "CREATE INDEX idx_observations__concept_moment ON observations (concept, imaged_moment_uuid)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP INDEX idx_observations__concept_moment");
    await runner.query("DROP INDEX idx_observations__moment_concept");
  }
}
