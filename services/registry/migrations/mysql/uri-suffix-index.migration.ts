import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The media of a file name are the references whose URI ends with it: a LIKE '%name' reads
 * every reference. Reversed, the URI's end is its start: a generated column of the reversed URI
 * with a prefix index turns the suffix into a prefix, a range read of the index.
 */
export class UriSuffixIndexMysql implements MigrationInterface {
  name = "UriSuffixIndex1764600000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE video_references
        ADD COLUMN uri_reversed VARCHAR(1024) AS (REVERSE(uri)) VIRTUAL,
        ADD KEY idx_video_references_uri_reversed (uri_reversed(255))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      "ALTER TABLE video_references DROP KEY idx_video_references_uri_reversed, DROP COLUMN uri_reversed",
    );
  }
}
