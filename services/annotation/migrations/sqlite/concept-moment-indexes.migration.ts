import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Nothing to change on SQLite: the covering indexes of concept and moment are MariaDB's (see
 * ConceptMomentIndexesMysql). The migration exists so both engines know the same schema versions
 * (a backup restores across engines by migration name).
 */
export class ConceptMomentIndexesSqlite implements MigrationInterface {
  name = "ConceptMomentIndexes1764500000000";

  async up(_runner: QueryRunner): Promise<void> {}

  async down(_runner: QueryRunner): Promise<void> {}
}
