import pg from "pg";
import {
  ownPostgresClient,
  type PostgresTarget,
  postgresClientConfig,
} from "../../../services/kit/storage/postgres-client-config.js";

export type { PostgresTarget };

/** PostgreSQL's type ids (pg_type.oid) of the values the archive holds otherwise than pg reads them. */
const TYPE = { int8: 20, timestamp: 1114, timestamptz: 1184 } as const;

/** The server's timestamp text (UTC session, ISO style), whose fraction it trims of trailing zeros. */
const TIMESTAMP_TEXT = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00)?$/;

/**
 * A timestamp as the archive holds it, `YYYY-MM-DD hh:mm:ss.ffffff`: always six digits of
 * fraction, as MySQL's DATETIME(6) text and SQLite's stored text have them.
 */
export function archiveInstant(text: string): string {
  const parts = TIMESTAMP_TEXT.exec(text);
  if (!parts) return text;
  return `${parts[1]}.${(parts[2] ?? "").padEnd(6, "0")}`;
}

/** A BIGINT as the archive holds it: a number, or its decimal text beyond 2^53. */
function archiveInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TYPE.timestamp || oid === TYPE.timestamptz) return archiveInstant;
    if (oid === TYPE.int8) return archiveInt8;
    return format === "binary" ? pg.types.getTypeParser(oid, "binary") : pg.types.getTypeParser(oid, "text");
  },
};

/** One connection of the backup or the restore, in UTC, values read as the archive holds them. */
export async function connectPostgres(target: PostgresTarget): Promise<pg.Client> {
  const client = ownPostgresClient({ ...postgresClientConfig(target), types });
  await client.connect();
  return client;
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The names of a domain's applied migrations, oldest first; empty when it has no migrations table. */
export async function appliedPostgresMigrations(client: pg.Client, domain: string): Promise<string[]> {
  const table = `${domain}_migrations`;
  const { rows: found } = await client.query<{ name: string | null }>(
    "SELECT to_regclass($1)::text AS name",
    [quote(table)],
  );
  if (!found[0]?.name) return [];
  const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${quote(table)} ORDER BY id`);
  return rows.map((row) => row.name);
}
