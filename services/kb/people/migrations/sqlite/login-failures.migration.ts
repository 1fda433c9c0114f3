import type { MigrationInterface, QueryRunner } from "typeorm";

/** Failed logins counted where every kb process on the file sees them, as on MySQL. */
export class LoginFailuresSqlite implements MigrationInterface {
  name = "LoginFailures1764700000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE login_failures (
      counter_key TEXT NOT NULL PRIMARY KEY,
      failures INTEGER NOT NULL,
      window_end_millis INTEGER NOT NULL
    )`);
    await runner.query("CREATE INDEX idx_login_failures_window_end ON login_failures (window_end_millis)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE login_failures");
  }
}
