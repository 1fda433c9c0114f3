import type { MigrationInterface, QueryRunner } from "typeorm";
import { binaryText } from "../../../postgres-columns.js";

/** Failed logins counted where every kb replica sees them, as on MySQL. */
export class LoginFailuresPostgres implements MigrationInterface {
  name = "LoginFailures1764700000000";

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE login_failures (
      counter_key ${binaryText(80)} NOT NULL,
      failures INTEGER NOT NULL,
      window_end_millis BIGINT NOT NULL,
      PRIMARY KEY (counter_key)
    )`);
    await runner.query("CREATE INDEX idx_login_failures_window_end ON login_failures (window_end_millis)");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE login_failures");
  }
}
