import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Nothing to change on MySQL: an InnoDB secondary index ends with the primary key, so the
 * index on concept is already ordered by observation UUID within a concept (SQLite needed
 * that order spelled out). The migration exists so both engines know the same schema versions
 * (a backup restores across engines by migration name).
 */
export class ConceptPageIndexMysql implements MigrationInterface {
  name = "ConceptPageIndex1764300000000";

  async up(_runner: QueryRunner): Promise<void> {}

  async down(_runner: QueryRunner): Promise<void> {}
}
