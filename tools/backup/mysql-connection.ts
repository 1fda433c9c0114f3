import { Readable } from "node:stream";
import mysql, { type Connection, type ResultSetHeader } from "mysql2";
import type { DatabaseTarget } from "../../services/kit/storage/database-url.js";

export type MysqlTarget = Extract<DatabaseTarget, { kind: "mysql" }>;

/** One connection of the backup or the restore, values read and written as the archive holds them. */
export function connect(target: MysqlTarget): Promise<Connection> {
  const connection = mysql.createConnection({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
    charset: "utf8mb4_bin",
    timezone: "Z",
    // DATETIME(6) as text keeps the microseconds; BIGINTs beyond 2^53 come as decimal strings.
    dateStrings: true,
    supportBigNumbers: true,
    // The driver would scan every statement for placeholders, even one without values: the
    // restore's multi-megabyte INSERTs carry their values already.
    queryFormat: (sql: string, values?: unknown) =>
      Array.isArray(values) && values.length > 0 ? mysql.format(sql, values, false, "Z") : sql,
  });
  return new Promise((resolve, reject) =>
    connection.connect((error) => (error ? reject(error) : resolve(connection))),
  );
}

/** Runs a statement; without values its text is sent as it is. */
export function run(connection: Connection, sql: string, values: unknown[] = []): Promise<unknown[]> {
  return new Promise((resolve, reject) =>
    connection.query(sql, values, (error, rows) => (error ? reject(error) : resolve(rows as unknown[]))),
  );
}

/**
 * Runs a LOAD DATA LOCAL INFILE statement, the server reading `data` as the file it names. The
 * bytes go in pieces of at most `pieceBytes`: the driver sends each piece as one packet.
 */
export function loadLocalData(
  connection: Connection,
  sql: string,
  data: Buffer,
  pieceBytes: number,
): Promise<ResultSetHeader> {
  const pieces: Buffer[] = [];
  for (let start = 0; start < data.length; start += pieceBytes)
    pieces.push(data.subarray(start, start + pieceBytes));
  return new Promise((resolve, reject) =>
    connection.query({ sql, infileStreamFactory: () => Readable.from(pieces) }, (error, result) =>
      error ? reject(error) : resolve(result as ResultSetHeader),
    ),
  );
}

export function end(connection: Connection): Promise<void> {
  return new Promise((resolve) => connection.end(() => resolve()));
}

export const quote = (name: string) => mysql.escapeId(name);
