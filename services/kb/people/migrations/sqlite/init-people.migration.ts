import type { MigrationInterface, QueryRunner } from "typeorm";

/** The kb's users and preferences for the embedded store (timestamps as fixed-width TEXT). */
export class InitPeopleSqlite implements MigrationInterface {
  name = "InitPeople1764300000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE user_accounts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      username TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      role TEXT NOT NULL,
      first_name TEXT NULL,
      last_name TEXT NULL,
      email TEXT NULL,
      affiliation TEXT NULL,
      last_updated_time TEXT NOT NULL,
      CONSTRAINT uq_user_accounts_username UNIQUE (username)
    )`);
    await runner.query("CREATE INDEX idx_user_accounts_role ON user_accounts (role)");
    await runner.query(`CREATE TABLE preferences (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      node_name TEXT NOT NULL,
      pref_key TEXT NOT NULL,
      pref_value TEXT NOT NULL,
      CONSTRAINT uq_preferences_node_key UNIQUE (node_name, pref_key)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE preferences");
    await runner.query("DROP TABLE user_accounts");
  }
}
