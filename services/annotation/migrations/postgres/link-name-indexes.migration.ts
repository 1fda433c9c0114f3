import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Covering indexes for the moments of a link name (`imagedmoments/find/linkname`, its count):
 * the link name's associations give their observation UUIDs and each observation its moment
 * from the indexes alone, as on SQLite (a PostgreSQL index, as SQLite's, holds no primary key).
 * The link-name index is a prefix of the new one.
 */
export class LinkNameIndexesPostgres implements MigrationInterface {
  name = "LinkNameIndexes1764300000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX idx_associations__link_name_observation ON associations (link_name, observation_uuid)",
    );
    await runner.query("DROP INDEX idx_associations__link_name");
    await runner.query(
      "CREATE INDEX idx_observations__uuid_moment ON observations (uuid, imaged_moment_uuid)",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP INDEX idx_observations__uuid_moment");
    await runner.query("CREATE INDEX idx_associations__link_name ON associations (link_name)");
    await runner.query("DROP INDEX idx_associations__link_name_observation");
  }
}
