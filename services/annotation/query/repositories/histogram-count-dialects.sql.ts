import type { Dialect } from "../../../kit/storage/domain-storage.js";

/**
 * What the histogram counts' statements (histogram-counts.sql.ts) write differently on each
 * engine: the writer's shard, a metre and a day, a changed value, an upsert and a trigger.
 */

const WRITER_SHARDS = 8;

/** The row a connection adds to: its shard on MySQL and PostgreSQL; SQLite has one writer at a time. */
export function writerShard(dialect: Dialect): string {
  if (dialect === "mysql") return `CONNECTION_ID() % ${WRITER_SHARDS}`;
  return dialect === "postgres" ? `pg_backend_pid() % ${WRITER_SHARDS}` : "0";
}

/** A depth's whole metre when it is counted ([0, 4000) m, the histogram's span), else NULL. */
export function countedMeter(dialect: Dialect, column: string): string {
  // In [0, 4000), truncation is the floor. PostgreSQL's CAST rounds: there the floor is explicit.
  const meter = dialect === "sqlite" ? `CAST(${column} AS INTEGER)` : `FLOOR(${column})`;
  const whole = dialect === "postgres" ? `CAST(${meter} AS INTEGER)` : meter;
  return `CASE WHEN ${column} >= 0 AND ${column} < 4000 THEN ${whole} END`;
}

/** A recorded timestamp's UTC day as days since 1970-01-01, NULL without one (SQLite stores `YYYY-MM-DD hh:mm:ss.ffffff`). */
export function recordedDay(dialect: Dialect, column: string): string {
  if (dialect === "mysql") return `DATEDIFF(${column}, '1970-01-01')`;
  // A date minus a date is a whole number of days.
  if (dialect === "postgres") return `(CAST(${column} AS DATE) - DATE '1970-01-01')`;
  return `CAST(julianday(substr(${column}, 1, 10)) - 2440587.5 AS INTEGER)`;
}

/** Whether a row's column changed in an update, NULL to a value and back included. */
export function changedValue(dialect: Dialect, column: string): string {
  if (dialect === "mysql") return `NOT (NEW.${column} <=> OLD.${column})`;
  if (dialect === "postgres") return `NEW.${column} IS DISTINCT FROM OLD.${column}`;
  return `NEW.${column} IS NOT OLD.${column}`;
}

/** What follows an INSERT into a count table so an existing row's count grows by the inserted one's. */
export function addToCount(dialect: Dialect, table: string, key: readonly string[]): string {
  if (dialect === "mysql") return "ON DUPLICATE KEY UPDATE annotations = annotations + VALUES(annotations)";
  // PostgreSQL would read a bare `annotations` as ambiguous with the inserted row's.
  const current = dialect === "postgres" ? `${table}.annotations` : "annotations";
  return `ON CONFLICT (${key.join(", ")}) DO UPDATE SET annotations = ${current} + excluded.annotations`;
}

/** A trigger: its name, timing, event and table, the condition it runs under and its statements. */
export interface TriggerSpec {
  name: string;
  timing: "BEFORE" | "AFTER";
  event: "INSERT" | "UPDATE" | "DELETE";
  table: string;
  /** SQLite's and PostgreSQL's WHEN; on MySQL each statement's WHERE carries it. */
  when?: string;
  statements: (condition: string) => string[];
}

/**
 * The statements that make one trigger. MySQL and SQLite take the statements in the trigger's
 * body; PostgreSQL runs a function, a plpgsql one of the same name (a BEFORE trigger's must
 * return the row, or the write is skipped).
 */
export function triggerStatements(dialect: Dialect, trigger: TriggerSpec): string[] {
  const when = trigger.when && dialect !== "mysql" ? ` WHEN (${trigger.when})` : "";
  const condition = trigger.when && dialect === "mysql" ? ` AND ${trigger.when}` : "";
  const body = trigger.statements(condition).map((statement) => `${statement};`);
  if (dialect === "postgres") {
    const row = trigger.timing === "AFTER" ? "NULL" : trigger.event === "DELETE" ? "OLD" : "NEW";
    return [
      `CREATE FUNCTION ${trigger.name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
      ${body.join("\n")}
      RETURN ${row};
      END $$`,
      `CREATE TRIGGER ${trigger.name} ${trigger.timing} ${trigger.event} ON ${trigger.table}
      FOR EACH ROW${when} EXECUTE FUNCTION ${trigger.name}()`,
    ];
  }
  return [
    `CREATE TRIGGER ${trigger.name} ${trigger.timing} ${trigger.event} ON ${trigger.table}
      FOR EACH ROW${when} BEGIN
      ${body.join("\n")}
      END`,
  ];
}

/** The statements that drop a trigger when it is there (on PostgreSQL its function too). */
export function dropTriggerStatements(dialect: Dialect, trigger: { name: string; table: string }): string[] {
  if (dialect !== "postgres") return [`DROP TRIGGER IF EXISTS ${trigger.name}`];
  return [
    `DROP TRIGGER IF EXISTS ${trigger.name} ON ${trigger.table}`,
    `DROP FUNCTION IF EXISTS ${trigger.name}()`,
  ];
}
