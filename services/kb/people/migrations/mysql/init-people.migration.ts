import type { MigrationInterface, QueryRunner } from "typeorm";

const TABLE_OPTIONS = "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";

/**
 * The kb's users and preferences. A (VARCHAR(1024), VARCHAR(256)) utf8mb4 pair is too wide
 * for a unique index, so preference uniqueness rests on a stored SHA-256 of node and key;
 * the 255-character prefix index serves node look-ups and prefix searches.
 */
export class InitPeopleMysql implements MigrationInterface {
  name = "InitPeople1764300000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE user_accounts (
      id BIGINT NOT NULL AUTO_INCREMENT,
      username VARCHAR(50) NOT NULL,
      password_hash VARCHAR(255) NOT NULL,
      role VARCHAR(10) NOT NULL,
      first_name VARCHAR(50) NULL,
      last_name VARCHAR(50) NULL,
      email VARCHAR(255) NULL,
      affiliation VARCHAR(512) NULL,
      last_updated_time DATETIME(6) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uq_user_accounts_username (username),
      KEY idx_user_accounts_role (role)
    ) ${TABLE_OPTIONS}`);
    await runner.query(`CREATE TABLE preferences (
      id BIGINT NOT NULL AUTO_INCREMENT,
      node_name VARCHAR(1024) NOT NULL,
      pref_key VARCHAR(256) NOT NULL,
      pref_value VARCHAR(256) NOT NULL,
      node_key_hash BINARY(32) AS (UNHEX(SHA2(CONCAT(node_name, CHAR(0), pref_key), 256))) STORED,
      PRIMARY KEY (id),
      UNIQUE KEY uq_preferences_node_key (node_key_hash),
      KEY idx_preferences_node_name (node_name(255))
    ) ${TABLE_OPTIONS}`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE preferences");
    await runner.query("DROP TABLE user_accounts");
  }
}
