/**
 * Fresh MariaDB databases for tests. `npm test` starts one server for the whole run and
 * passes its root URL in M3_TEST_MARIADB_URL; a test file run on its own starts a private
 * server, stopped when that file's tests end.
 */
import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";
import { type MariaDbServer, startMariaDbServer } from "./mariadb-server.js";

let privateServer: Promise<MariaDbServer> | undefined;

async function rootUrl(): Promise<string> {
  const shared = process.env.M3_TEST_MARIADB_URL;
  if (shared) return shared.replace(/\/$/, "");
  privateServer ??= startMariaDbServer();
  return (await privateServer).rootUrl;
}

/** Creates an empty database with a unique name and returns its mysql:// URL. */
export async function createTestDatabase(prefix = "m3_test"): Promise<string> {
  const root = await rootUrl();
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const connection = await mysql.createConnection(`${root}/`);
  try {
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await connection.end();
  }
  return `${root}/${name}`;
}

/** Stops the private server if this process started one. Call from test.after.always. */
export async function stopPrivateMariaDb(): Promise<void> {
  if (!privateServer) return;
  const server = await privateServer;
  privateServer = undefined;
  await server.stop();
}

/** Every privilege m3 uses on its database but TRIGGER: what a cautious administrator grants. */
export const GRANTS_WITHOUT_TRIGGER =
  "SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, ALTER, INDEX, REFERENCES, CREATE TEMPORARY TABLES, LOCK TABLES, CREATE VIEW, SHOW VIEW";

/** Creates a user with `grants` on the URL's database (a root URL's), and no more; returns the URL as that user. */
export async function createTestUser(databaseUrl: string, grants: string): Promise<string> {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  const user = `m3_${randomBytes(5).toString("hex")}`;
  const password = randomBytes(8).toString("hex");
  const connection = await mysql.createConnection(databaseUrl);
  try {
    await connection.query("CREATE USER ?@'%' IDENTIFIED BY ?", [user, password]);
    await connection.query(`GRANT ${grants} ON \`${database}\`.* TO ?@'%'`, [user]);
  } finally {
    await connection.end();
  }
  return `mysql://${user}:${password}@${url.host}/${database}`;
}
