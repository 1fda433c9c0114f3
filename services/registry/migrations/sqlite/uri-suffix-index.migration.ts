import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Nothing to change on SQLite: it has no REVERSE to index (a generated column calling a function
 * of m3's own would make the file unreadable to any other SQLite), and a file-name lookup reads
 * its references in memory-speed scans. The migration exists so both engines know the same
 * schema versions (a backup restores across engines by migration name).
 */
export class UriSuffixIndexSqlite implements MigrationInterface {
  name = "UriSuffixIndex1764600000000";

  async up(_runner: QueryRunner): Promise<void> {}

  async down(_runner: QueryRunner): Promise<void> {}
}
