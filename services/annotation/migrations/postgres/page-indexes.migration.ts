import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The observation indexes the pages read, ending with the observation UUID, as on SQLite (a
 * PostgreSQL index ends with the row's place, not its key; each replaces the index it extends):
 * (concept, uuid) for a page of a concept's annotations, (imaged_moment_uuid, uuid) for a page
 * of a video's observations (see the SQLite one).
 */
export class PageIndexesPostgres implements MigrationInterface {
  name = "PageIndexes1764400000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE INDEX idx_observations__concept_uuid ON observations (concept, uuid)");
    await runner.query("DROP INDEX idx_observations__concept");
    await runner.query(
      "CREATE INDEX idx_observations__moment_uuid ON observations (imaged_moment_uuid, uuid)",
    );
    await runner.query("DROP INDEX idx_observations__imaged_moment_uuid");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_observations__imaged_moment_uuid ON observations (imaged_moment_uuid)",
    );
    await runner.query("DROP INDEX idx_observations__moment_uuid");
    await runner.query("CREATE INDEX idx_observations__concept ON observations (concept)");
    await runner.query("DROP INDEX idx_observations__concept_uuid");
  }
}
