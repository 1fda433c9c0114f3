import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The media of a file name are the references whose URI ends with it: a LIKE '%name' reads
 * every reference. Reversed, the URI's end is its start: an index on the reversed URI turns the
 * suffix into a prefix, a range read of the index (MySQL indexes a generated column for it).
 * Its first 255 characters, as MySQL's prefix index: a whole URI may not fit a B-tree entry. The
 * expression inherits the column's "C" collation, under which LIKE 'prefix%' reads a range.
 * media.repository.ts's lookup repeats the expression, as the planner only matches it so.
 */
export class UriSuffixIndexPostgres implements MigrationInterface {
  name = "UriSuffixIndex1764600000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_video_references_uri_reversed ON video_references (left(reverse(uri), 255))",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP INDEX idx_video_references_uri_reversed");
  }
}
