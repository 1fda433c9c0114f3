import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import {
  ownPostgresClient,
  postgresClientConfig,
} from "../../../services/kit/storage/postgres-client-config.js";
import { ensurePostgresDatabase } from "../../../services/kit/storage/postgres-database.js";

type PostgresTarget = Extract<DatabaseTarget, { kind: "postgres" }>;

const TABLE = "m3_generated_secrets";
/**
 * SQLSTATEs of a table another process created at the same moment: its name (42P07), or its row
 * type, found as a duplicate key in pg_type (23505) or as a type that already exists (42710).
 */
const CREATED_MEANWHILE = new Set(["42P07", "23505", "42710"]);

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
  const client = ownPostgresClient(postgresClientConfig(target));
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
    // One statement, as INSERT IGNORE on MySQL: a process that loses waits on the winner's
    // first row and then keeps all of the winner's secrets, never a mix of two processes'.
    const entries = Object.entries(candidates);
    if (entries.length > 0) {
      const rows = entries.map((_, index) => `($${2 * index + 1}, $${2 * index + 2})`).join(", ");
      await client.query(
        `INSERT INTO ${TABLE} (name, value) VALUES ${rows} ON CONFLICT (name) DO NOTHING`,
        entries.flat(),
      );
    }
    const { rows } = await client.query<{ name: string; value: string }>(`SELECT name, value FROM ${TABLE}`);
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } finally {
    await client.end();
  }
}
