import pg from "pg";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { ensurePostgresDatabase } from "../../../services/kit/storage/postgres-database.js";

type PostgresTarget = Extract<DatabaseTarget, { kind: "postgres" }>;

const TABLE = "m3_generated_secrets";
/** SQLSTATEs of a table another process created at the same moment (its name, or its row type). */
const CREATED_MEANWHILE = new Set(["42P07", "23505"]);

/**
 * Generated secrets kept in the shared PostgreSQL database (table m3_generated_secrets), as
 * shared-secrets.repository.ts keeps them on MySQL: the first process to store a name wins
 * (ON CONFLICT DO NOTHING on the primary key), later ones read its value back.
 */
export async function storeOrReadPostgresSecrets(
  target: PostgresTarget,
  candidates: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  await ensurePostgresDatabase(target);
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
  });
  await client.connect();
  try {
    await client
      .query(
        `CREATE TABLE IF NOT EXISTS ${TABLE} (
           name VARCHAR(64) COLLATE "C" NOT NULL PRIMARY KEY,
           value VARCHAR(255) COLLATE "C" NOT NULL,
           created_time TIMESTAMP(6) NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')
         )`,
      )
      .catch((error: { code?: string }) => {
        // IF NOT EXISTS does not cover two processes creating it at once: the other one did.
        if (!CREATED_MEANWHILE.has(error.code ?? "")) throw error;
      });
    for (const [name, value] of Object.entries(candidates)) {
      await client.query(`INSERT INTO ${TABLE} (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
        name,
        value,
      ]);
    }
    const { rows } = await client.query<{ name: string; value: string }>(`SELECT name, value FROM ${TABLE}`);
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } finally {
    await client.end();
  }
}
