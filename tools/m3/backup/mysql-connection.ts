import { once } from "node:events";
import { PassThrough } from "node:stream";
import mysql, { type Connection, type ResultSetHeader } from "mysql2";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";

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
  // The driver emits a connection's fatal error (its socket broken or ended) here when no
  // statement is running to take it: the server gone between statements, or a LOAD DATA's file
  // still flowing after the server ended the statement. The next statement fails with it; the
  // process must not end.
  connection.on("error", () => undefined);
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
 * One LOAD DATA LOCAL INFILE statement whose file is written while it runs: the server reads
 * and stores the bytes as they come, so one statement takes many batches. mysql2 pauses the
 * file while the socket's buffer is full, and write() then waits for the file to drain: memory
 * holds a few pieces, not the statement's rows. Each piece goes as one packet, hence at most
 * `pieceBytes`.
 */
export class LocalDataUpload {
  /** The rows written so far, which the server's count of stored rows must equal. */
  rows = 0;
  /** Resolves when the server asks for the file; rejects when it refuses the statement. */
  readonly started: Promise<void>;
  private readonly file = new PassThrough();
  private readonly result: Promise<ResultSetHeader>;
  private settled = false;

  constructor(
    connection: Connection,
    sql: string,
    private readonly pieceBytes: number,
  ) {
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const infileStreamFactory = () => {
      asked();
      return this.file;
    };
    this.result = new Promise((resolve, reject) =>
      connection.query({ sql, infileStreamFactory }, (error, result) => {
        this.settled = true;
        if (error) reject(error);
        else resolve(result as ResultSetHeader);
      }),
    );
    this.started = Promise.race([requested, this.result.then(() => undefined)]);
    // A failure surfaces at write(), end() or started (awaited only by the first statement); until
    // then it must not go unhandled.
    this.result.catch(() => undefined);
    this.started.catch(() => undefined);
  }

  /** Appends rows (whole lines of LOAD DATA text); rejects, instead of waiting, once the statement failed. */
  async write(data: Buffer, rows: number): Promise<void> {
    for (let start = 0; start < data.length; start += this.pieceBytes) {
      if (this.settled) await this.endedEarly();
      if (!this.file.write(data.subarray(start, start + this.pieceBytes)))
        await Promise.race([once(this.file, "drain"), this.result]);
    }
    this.rows += rows;
  }

  /** Ends the file and returns the statement's result. */
  end(): Promise<ResultSetHeader> {
    this.file.end();
    return this.result;
  }

  /**
   * Ends the file where it is (a restore that failed midway) and waits for the statement to
   * finish, whatever its outcome: the connection is then free for the ROLLBACK.
   */
  async abandon(): Promise<void> {
    this.file.end();
    await this.result.catch(() => undefined);
  }

  /** The statement finished before its file did: only an error ends it so. */
  private async endedEarly(): Promise<never> {
    await this.result;
    throw new Error("LOAD DATA finished before its file was written");
  }
}

export function end(connection: Connection): Promise<void> {
  return new Promise((resolve) => connection.end(() => resolve()));
}

export const quote = (name: string) => mysql.escapeId(name);
