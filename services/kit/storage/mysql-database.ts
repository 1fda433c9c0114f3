import mysql from "mysql2/promise";
import type { DatabaseTarget } from "./database-url.js";

const ER_BAD_DB_ERROR = 1049;

/**
 * Creates the target database when it does not exist yet (first start on an empty
 * server). A user without CREATE rights gets the server's own error.
 */
export async function ensureMysqlDatabase(target: Extract<DatabaseTarget, { kind: "mysql" }>): Promise<void> {
  const credentials = { host: target.host, port: target.port, user: target.user, password: target.password };
  try {
    const probe = await mysql.createConnection({ ...credentials, database: target.database });
    await probe.end();
    return;
  } catch (error) {
    if ((error as { errno?: number }).errno !== ER_BAD_DB_ERROR) throw error;
  }
  const connection = await mysql.createConnection(credentials);
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS ${mysql.escapeId(target.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
    );
  } finally {
    await connection.end();
  }
}
