import type Database from "better-sqlite3";

/**
 * The prepared statements of one better-sqlite3 connection, by SQL text, the least recently
 * used dropped past `capacity`: compiling a statement again was a large share of a short read.
 * A statement still iterating a cursor (busy) is left to it, and a new one prepared.
 */
export class KeptStatements {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly database: Database.Database,
    private readonly capacity: number,
  ) {}

  prepare(sql: string): Database.Statement {
    const kept = this.statements.get(sql);
    const statement = kept && !kept.busy ? kept : this.database.prepare(sql);
    // Most recently used last: the first key is the one to drop.
    this.statements.delete(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity)
      this.statements.delete(this.statements.keys().next().value as string);
    return statement;
  }
}

/** Statements kept per connection for its reads outside row streams: selectRows and the graph reads' wide rows. */
const READ_STATEMENTS = 64;
const readStatements = new WeakMap<Database.Database, KeptStatements>();

/**
 * The one cache of a connection's read statements, shared by selectRows and selectWideRows (each
 * sets the statement's raw mode it needs: the same SQL may come through both).
 */
export function readStatementsOf(connection: Database.Database): KeptStatements {
  let kept = readStatements.get(connection);
  if (kept === undefined) {
    kept = new KeptStatements(connection, READ_STATEMENTS);
    readStatements.set(connection, kept);
  }
  return kept;
}
