import type { EntityManager } from "typeorm";
import { dialectOf } from "../../../kit/sql/dialect-hints.js";

/** One counter of `login_failures`: failures within a window that ends at `windowEndMillis`. */
export interface LoginFailureCount {
  counterKey: string;
  failures: number;
  windowEndMillis: number;
}

/**
 * The upsert's conflict clause per engine: a counter whose window is still open counts one more
 * and keeps its end; one whose window has ended starts again at 1 with the new end. Every
 * expression reads the row as it was (MySQL assigns left to right, so failures comes first).
 */
const COUNT_ONE_MORE = {
  mysql: `ON DUPLICATE KEY UPDATE
      failures = IF(window_end_millis > ?, failures + 1, 1),
      window_end_millis = IF(window_end_millis > ?, window_end_millis, VALUES(window_end_millis))`,
  postgres: `ON CONFLICT (counter_key) DO UPDATE SET
      failures = CASE WHEN login_failures.window_end_millis > ? THEN login_failures.failures + 1 ELSE 1 END,
      window_end_millis = CASE WHEN login_failures.window_end_millis > ?
        THEN login_failures.window_end_millis ELSE excluded.window_end_millis END`,
  sqlite: `ON CONFLICT (counter_key) DO UPDATE SET
      failures = CASE WHEN window_end_millis > ? THEN failures + 1 ELSE 1 END,
      window_end_millis = CASE WHEN window_end_millis > ? THEN window_end_millis ELSE excluded.window_end_millis END`,
} as const;

/** Rows of `login_failures`, the failed-login counters every kb replica shares. */
export class LoginFailureRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The counters among `counterKeys` whose window is still open at `nowMillis`. */
  async findOpen(counterKeys: readonly string[], nowMillis: number): Promise<LoginFailureCount[]> {
    const rows = (await this.manager.query(
      `SELECT counter_key, failures, window_end_millis FROM login_failures
       WHERE counter_key IN (${counterKeys.map(() => "?").join(", ")}) AND window_end_millis > ?`,
      [...counterKeys, nowMillis],
    )) as { counter_key: string; failures: number | string; window_end_millis: number | string }[];
    return rows.map((row) => ({
      counterKey: row.counter_key,
      failures: Number(row.failures),
      windowEndMillis: Number(row.window_end_millis),
    }));
  }

  /** Counts one failure on the counter, atomically: a window that has ended starts again, ending at `windowEndMillis`. */
  async countOne(counterKey: string, nowMillis: number, windowEndMillis: number): Promise<void> {
    await this.manager.query(
      `INSERT INTO login_failures (counter_key, failures, window_end_millis) VALUES (?, 1, ?)
       ${COUNT_ONE_MORE[dialectOf(this.manager)]}`,
      [counterKey, windowEndMillis, nowMillis, nowMillis],
    );
  }

  async delete(counterKey: string): Promise<void> {
    await this.manager.query("DELETE FROM login_failures WHERE counter_key = ?", [counterKey]);
  }

  /** Removes the counters whose window had ended by `nowMillis`. */
  async deleteEnded(nowMillis: number): Promise<void> {
    await this.manager.query("DELETE FROM login_failures WHERE window_end_millis <= ?", [nowMillis]);
  }
}
