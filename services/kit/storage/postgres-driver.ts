import pg from "pg";
import { numberedPlaceholders } from "../sql/numbered-placeholders.js";
import { POSTGRES_SESSION_OPTIONS } from "./postgres-client-config.js";

/** PostgreSQL's type ids (pg_type.oid) of the values m3 reads differently from pg's defaults. */
const TYPE = { int8: 20, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/**
 * Timestamps stay the server's text (`YYYY-MM-DD HH:MM:SS[.ffffff]`), as on MySQL (dateStrings):
 * pg's Date would drop the microseconds, and Instants parse the text. BIGINTs (COUNT(*) among
 * them) are numbers when they fit a double and text beyond, as mysql2's supportBigNumbers gives.
 */
export const postgresTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TYPE.timestamp || oid === TYPE.timestamptz || oid === TYPE.date)
      return (text: string) => text;
    if (oid === TYPE.int8) return parseInt8;
    return format === "binary" ? pg.types.getTypeParser(oid, "binary") : pg.types.getTypeParser(oid, "text");
  },
};

function parseInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

type QueryArguments = Parameters<pg.Client["query"]>;

/**
 * pg's client with the domains' `?` markers numbered (numberedPlaceholders) in every statement
 * given as text: the one place where the shared SQL meets PostgreSQL, for TypeORM's queries and
 * the kit's alike. Statements that come as objects to submit (row streams) number their own.
 */
class NumberingClient extends pg.Client {}
const clientQuery = pg.Client.prototype.query;
NumberingClient.prototype.query = function query(this: pg.Client, ...args: QueryArguments) {
  const [statement, ...rest] = args as unknown[];
  if (typeof statement === "string") {
    return (clientQuery as (...all: unknown[]) => unknown).call(
      this,
      numberedPlaceholders(statement),
      ...rest,
    );
  }
  const config = statement as { text?: unknown; submit?: unknown } | null;
  if (config && typeof config.text === "string" && typeof config.submit !== "function") {
    const numbered = { ...config, text: numberedPlaceholders(config.text) };
    return (clientQuery as (...all: unknown[]) => unknown).call(this, numbered, ...rest);
  }
  return (clientQuery as (...all: unknown[]) => unknown).call(this, statement, ...rest);
} as typeof clientQuery;

/** Every connection of the pool: numbered markers, m3's type parsers, UTC and ISO dates. */
class M3Pool extends pg.Pool {
  constructor(options: pg.PoolConfig = {}) {
    super({
      ...options,
      Client: NumberingClient,
      types: postgresTypes,
      // CURRENT_TIMESTAMP and friends in UTC, as MySQL's sessions (timezone "Z").
      options: POSTGRES_SESSION_OPTIONS,
    });
  }
}

/** pg as TypeORM's PostgreSQL driver (its `driver` option), with m3's pool (M3Pool). */
export const postgresDriver: typeof pg = Object.create(pg, { Pool: { value: M3Pool } });
