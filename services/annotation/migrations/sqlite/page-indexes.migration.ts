import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The observation indexes the pages read, ending with the observation UUID (SQLite's index
 * ends with the rowid only; each replaces the index it extends):
 * - (concept, uuid): a page of a concept's annotations walks its first rows in the pages' order
 *   instead of fetching, joining and sorting every annotation of the concept;
 * - (imaged_moment_uuid, uuid): a page of a video's observations is chosen from the indexes
 *   alone, without reading each of the video's observation rows to learn its UUID.
 */
export class PageIndexesSqlite implements MigrationInterface {
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
