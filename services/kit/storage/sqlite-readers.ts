import Database from "better-sqlite3";
import { KeptStatements } from "./kept-statements.js";

/** Connections kept open between streams; more streams at once open and close their own. */
const MAX_IDLE = 4;
/** Prepared statements a kept connection holds on to (the least recently used go first). */
const MAX_STATEMENTS = 32;

/** A read-only connection with the statements it has prepared, by SQL text. */
export interface SqliteReader {
  readonly database: Database.Database;
  prepare(sql: string): Database.Statement;
}

/**
 * The read-only connections a SQLite storage's row streams read through (an open cursor on
 * the storage's one connection would make it refuse every other statement). A connection per
 * stream opened the file, parsed its schema and compiled the statement anew each time: in
 * bench:routes a page of 100 fast annotations spent 14% of its CPU in opening, preparing and
 * closing. Up to MAX_IDLE stay open between streams, each with its prepared statements.
 */
export class SqliteReaders {
  private readonly idle: SqliteReader[] = [];
  private closed = false;

  constructor(private readonly file: string) {}

  take(): SqliteReader {
    return this.idle.pop() ?? openReader(this.file);
  }

  /** A connection whose stream ran to its end (or was closed) goes back; the rest are closed. */
  give(reader: SqliteReader): void {
    if (this.closed || this.idle.length >= MAX_IDLE) reader.database.close();
    else this.idle.push(reader);
  }

  close(): void {
    this.closed = true;
    for (const reader of this.idle.splice(0)) reader.database.close();
  }
}

function openReader(file: string): SqliteReader {
  const database = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  const statements = new KeptStatements(database, MAX_STATEMENTS);
  return { database, prepare: (sql) => statements.prepare(sql) };
}
