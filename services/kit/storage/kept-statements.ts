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
