import mysql from "mysql2/promise";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { ensureMysqlDatabase } from "../../../services/kit/storage/mysql-database.js";

type MysqlTarget = Extract<DatabaseTarget, { kind: "mysql" }>;

const TABLE = "m3_generated_secrets";

/**
 * Generated secrets kept in the shared MySQL database (table m3_generated_secrets), so every
 * process started on it uses the same ones. The first process to store a name wins: later
 * ones keep its value (INSERT IGNORE on the primary key) and read it back.
 */
export async function storeOrReadSecrets(
  target: MysqlTarget,
  candidates: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  await ensureMysqlDatabase(target);
  const connection = await mysql.createConnection({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
  });
  try {
    await connection.query(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
         name VARCHAR(64) NOT NULL PRIMARY KEY,
         value VARCHAR(255) NOT NULL,
         created_time DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)
       ) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
    );
    const entries = Object.entries(candidates);
    if (entries.length > 0) {
      await connection.query(`INSERT IGNORE INTO ${TABLE} (name, value) VALUES ?`, [entries]);
    }
    const [rows] = await connection.query(`SELECT name, value FROM ${TABLE}`);
    return Object.fromEntries(
      (rows as { name: string; value: string }[]).map((row) => [row.name, row.value]),
    );
  } finally {
    await connection.end();
  }
}
