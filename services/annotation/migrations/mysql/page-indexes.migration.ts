import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Nothing to change on MySQL: an InnoDB secondary index ends with the primary key, so the
 * indexes on concept and on imaged_moment_uuid already end with the observation UUID (SQLite
 * needed it spelled out). The migration exists so both engines know the same schema versions
 * (a backup restores across engines by migration name).
 */
export class PageIndexesMysql implements MigrationInterface {
  name = "PageIndexes1764400000000";

  async up(_runner: QueryRunner): Promise<void> {}

  async down(_runner: QueryRunner): Promise<void> {}
}
