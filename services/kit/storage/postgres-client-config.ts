import pg from "pg";
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

/**
 * A connection of its own (not a pool's). pg emits a broken connection's error on the client,
 * besides failing its statements, also while none runs (the server restarted or ended the session
 * between statements); unheard, that event would end the process. It is heard here: the next
 * statement fails, saying what happened.
 */
export function ownPostgresClient(config: pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  client.on("error", () => undefined);
  return client;
}
