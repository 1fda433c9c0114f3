import { createPostgresTestDatabase } from "../../fixtures/postgres.js";
import { startPostgresServer } from "../../fixtures/postgres-server.js";

/** A throwaway PostgreSQL for one benchmark run: fresh databases on demand, removed on stop. */
export async function startBenchPostgres(): Promise<{
  port: number;
  /** The postgres postmaster, for its CPU time. */
  pid: number;
  createDatabase(prefix: string): Promise<string>;
  stop(): Promise<void>;
}> {
  const server = await startPostgresServer();
  // createPostgresTestDatabase creates its databases on the server this variable names.
  process.env.M3_TEST_POSTGRES_URL = server.rootUrl;
  return {
    port: server.port,
    pid: server.pid,
    createDatabase: (prefix) => createPostgresTestDatabase(prefix),
    stop: () => server.stop(),
  };
}
