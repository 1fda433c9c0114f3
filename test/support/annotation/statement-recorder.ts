import type { EntityManager } from "typeorm";

export interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * The statements a repository call sends, with their parameters, answered with no rows: for
 * tests that look at the SQL itself (its plan), not at what it returns. The manager says it is
 * connected to SQLite (where the plans are looked at), for the repositories that write SQL per
 * dialect.
 */
export async function statementsSent(
  call: (manager: EntityManager) => Promise<unknown>,
): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const recorder = {
    connection: { options: { type: "better-sqlite3" } },
    query: async (sql: string, params: unknown[] = []) => {
      sent.push({ sql, params });
      return [];
    },
  } as unknown as EntityManager;
  await call(recorder);
  return sent;
}
