import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The concept index ordered by observation UUID, the order of the fast pages: a page of a
 * concept's annotations walks its first rows in order instead of fetching, joining and sorting
 * every annotation of the concept (SQLite's index on concept alone ends with the rowid). It
 * replaces the index on concept, which it covers.
 */
export class ConceptPageIndexSqlite implements MigrationInterface {
  name = "ConceptPageIndex1764300000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE INDEX idx_observations__concept_uuid ON observations (concept, uuid)");
    await runner.query("DROP INDEX idx_observations__concept");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE INDEX idx_observations__concept ON observations (concept)");
    await runner.query("DROP INDEX idx_observations__concept_uuid");
  }
}
