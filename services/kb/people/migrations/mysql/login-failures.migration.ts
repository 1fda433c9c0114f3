import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Failed logins counted where every kb replica sees them (LoginThrottle): one row per username
 * or client address (a digest of it), its failures in the current window and when the window ends
 * (epoch milliseconds, so every engine compares the same numbers).
 */
export class LoginFailuresMysql implements MigrationInterface {
  name = "LoginFailures1764700000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE login_failures (
      counter_key VARCHAR(80) NOT NULL,
      failures INT NOT NULL,
      window_end_millis BIGINT NOT NULL,
      PRIMARY KEY (counter_key),
      KEY idx_login_failures_window_end (window_end_millis)
    ) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE login_failures");
  }
}
