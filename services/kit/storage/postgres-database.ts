import { ownPostgresClient, type PostgresTarget } from "./postgres-client-config.js";

/** SQLSTATE invalid_catalog_name: the database named in the connection does not exist. */
const DATABASE_MISSING = "3D000";
/**
 * SQLSTATEs of a database another process created at the same moment: duplicate_database, or a
 * unique violation on the catalogue when both got past the name check together.
 */
const CREATED_MEANWHILE = new Set(["42P04", "23505"]);
/** The maintenance database every PostgreSQL server has, to connect to while ours is missing. */
const MAINTENANCE_DATABASE = "postgres";

/**
 * Creates the target database when it does not exist yet (first start on an empty server), in
 * UTF-8. A user without CREATEDB gets the server's own error. Its default collation does not
 * matter: the migrations give every text column the code-point order they rely on.
 */
export async function ensurePostgresDatabase(target: PostgresTarget): Promise<void> {
  const credentials = { host: target.host, port: target.port, user: target.user, password: target.password };
  try {
    const probe = ownPostgresClient({ ...credentials, database: target.database });
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== DATABASE_MISSING) throw error;
  }
  const client = ownPostgresClient({ ...credentials, database: MAINTENANCE_DATABASE });
  await client.connect();
  try {
    await client.query(
      `CREATE DATABASE ${client.escapeIdentifier(target.database)} TEMPLATE template0 ENCODING 'UTF8'`,
    );
  } catch (error) {
    // Another process created it meanwhile: it is there.
    if (!CREATED_MEANWHILE.has((error as { code?: string }).code ?? "")) throw error;
  } finally {
    await client.end();
  }
}
