import type { Dialect, DomainStorage } from "../../../kit/storage/domain-storage.js";
import { isPrivilegeRefusal } from "../../../kit/storage/storage-errors.js";
import { dropTriggerStatements } from "./histogram-count-dialects.sql.js";
import {
  histogramCountsRebuild,
  histogramCountTriggerNames,
  histogramCountTriggers,
} from "./histogram-counts.sql.js";

/** Runs one statement: a migration's QueryRunner or a storage's EntityManager. */
export type RunStatement = (sql: string) => Promise<unknown>;

/**
 * Creates every trigger that keeps the histogram counts, or none. MySQL/MariaDB refuse
 * CREATE TRIGGER to a user without the TRIGGER privilege, and, with binary logging on, to one
 * without SUPER unless log_bin_trust_function_creators is ON: such a refusal is returned, once
 * the triggers made before it are dropped again (a half set would count some writes and not
 * others). Any other failure drops them as well, and is thrown. On PostgreSQL, whose DDL is
 * transactional, the failure is thrown as it is: the transaction it aborts takes them all back.
 */
export async function createHistogramCountTriggers(
  run: RunStatement,
  dialect: Dialect,
): Promise<unknown | undefined> {
  const names = histogramCountTriggerNames(dialect);
  let made = 0;
  try {
    for (const sql of histogramCountTriggers(dialect)) {
      await run(sql);
      made++;
    }
    return undefined;
  } catch (error) {
    if (dialect === "postgres") throw error;
    for (const trigger of names.slice(0, made)) {
      for (const sql of dropTriggerStatements(dialect, trigger)) await run(sql);
    }
    if (isPrivilegeRefusal(error)) return error;
    throw error;
  }
}

/** The names of the triggers in the domain's database (PostgreSQL: in its schema). */
const TRIGGERS_PRESENT: Record<Dialect, string> = {
  mysql: "SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()",
  postgres: `SELECT t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = CAST(current_schema() AS regnamespace) AND NOT t.tgisinternal`,
  sqlite: "SELECT name FROM sqlite_master WHERE type = 'trigger'",
};

/** Which of the wanted triggers the domain's database lacks. */
export async function missingTriggers(
  storage: DomainStorage,
  wanted: readonly { name: string }[],
): Promise<string[]> {
  const rows = (await storage.read((manager) => manager.query(TRIGGERS_PRESENT[storage.dialect]))) as {
    name: string;
  }[];
  const present = new Set(rows.map((row) => row.name));
  return wanted.map(({ name }) => name).filter((name) => !present.has(name));
}

/**
 * Whether the database has the triggers that keep the histogram counts, and making them later:
 * a MySQL user that lacked the privilege when the HistogramCounts migration ran has none.
 */
export class HistogramCountTriggersRepository {
  constructor(private readonly storage: DomainStorage) {}

  /** The names of the count triggers the database lacks (none when it keeps the counts). */
  missing(): Promise<string[]> {
    return missingTriggers(this.storage, histogramCountTriggerNames(this.storage.dialect));
  }

  /**
   * Makes every count trigger again (any already there first dropped, so a set left half made
   * is whole), or, refused for want of a privilege, leaves none and returns the refusal. The
   * counts are stale until recount(). On SQLite and PostgreSQL the DDL runs in one transaction
   * (on SQLite's writing connection); MySQL commits each DDL statement itself, so there it runs
   * outside one.
   */
  create(): Promise<unknown | undefined> {
    const dialect = this.storage.dialect;
    const unit: DomainStorage["read"] =
      dialect === "mysql" ? (work) => this.storage.read(work) : (work) => this.storage.transaction(work);
    return unit(async (manager) => {
      const run = (sql: string) => manager.query(sql);
      try {
        for (const trigger of histogramCountTriggerNames(dialect)) {
          for (const sql of dropTriggerStatements(dialect, trigger)) await run(sql);
        }
      } catch (error) {
        if (isPrivilegeRefusal(error)) return error;
        throw error;
      }
      return createHistogramCountTriggers(run, dialect);
    });
  }

  /**
   * Drops every count trigger, for a bulk load that recounts once at its end (create() and
   * recount() put them back): until then the counts are stale and missing() names the triggers.
   */
  setAside(): Promise<void> {
    const dialect = this.storage.dialect;
    const unit: DomainStorage["read"] =
      dialect === "mysql" ? (work) => this.storage.read(work) : (work) => this.storage.transaction(work);
    return unit(async (manager) => {
      for (const trigger of histogramCountTriggerNames(dialect)) {
        for (const sql of dropTriggerStatements(dialect, trigger)) await manager.query(sql);
      }
    });
  }

  /** Recounts every count table from the annotations, in one transaction. */
  async recount(): Promise<void> {
    await this.storage.transaction(async (manager) => {
      for (const sql of histogramCountsRebuild(this.storage.dialect)) await manager.query(sql);
    });
  }
}
