import type pg from "pg";
import type { DatabaseTarget } from "./database-url.js";

export type PostgresTarget = Extract<DatabaseTarget, { kind: "postgres" }>;

/** The session every m3 connection to PostgreSQL runs in: UTC (as MySQL's timezone "Z"), ISO dates. */
export const POSTGRES_SESSION_OPTIONS = "-c TimeZone=UTC -c DateStyle=ISO";

/** The pg settings that reach a target database, in m3's session. */
export function postgresClientConfig(target: PostgresTarget): pg.ClientConfig {
  return {
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
    options: POSTGRES_SESSION_OPTIONS,
  };
}
