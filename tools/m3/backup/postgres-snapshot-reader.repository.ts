import type pg from "pg";
import type { ArchivedTable } from "./backup-tables.js";
import {
  appliedPostgresMigrations,
  connectPostgres,
  type PostgresTarget,
  quote,
} from "./postgres-connection.js";
import type { SnapshotReader } from "./tables.repository.js";

/** Rows fetched from the cursor at a time: memory holds two such batches (one read ahead). */
const FETCH_ROWS = 2048;
const CURSOR = "m3_backup_rows";

/**
 * The backup's reads on PostgreSQL: one connection in a REPEATABLE READ, READ ONLY transaction
 * (every table read as of its first statement, while the platform keeps writing), each table
 * read through a cursor a batch at a time, in its key's order. Text keys are ordered by code
 * point (COLLATE "C", which the migrations give every text column already), as MySQL's
 * utf8mb4_bin and SQLite's BINARY order them: the same rows give the same archive bytes on
 * every engine.
 */
export class PostgresSnapshotReader implements SnapshotReader {
  readonly dialect = "postgres";

  private constructor(private readonly client: pg.Client) {}

  static async open(target: PostgresTarget): Promise<PostgresSnapshotReader> {
    const client = await connectPostgres(target);
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return new PostgresSnapshotReader(client);
  }

  appliedMigrations(domain: string): Promise<string[]> {
    return appliedPostgresMigrations(this.client, domain);
  }

  async *streamTable(table: ArchivedTable): AsyncGenerator<unknown[][]> {
    const order = await this.keyOrder(table);
    await this.client.query(
      `DECLARE ${CURSOR} NO SCROLL CURSOR FOR SELECT ${table.columns.map(quote).join(", ")} ` +
        `FROM ${quote(table.name)} ORDER BY ${order}`,
    );
    const fetch = () => {
      const rows = this.client
        .query<unknown[]>({ text: `FETCH FORWARD ${FETCH_ROWS} FROM ${CURSOR}`, rowMode: "array" })
        .then((result) => result.rows);
      // A failure surfaces when the batch is awaited; until then it must not go unhandled.
      rows.catch(() => undefined);
      return rows;
    };
    // The next batch is asked for as soon as one arrives, so the server reads it while this one
    // is written out (one statement at a time on the connection all the same).
    let next: Promise<unknown[][]> | undefined = fetch();
    try {
      while (next) {
        const rows: unknown[][] = await next;
        next = rows.length === FETCH_ROWS ? fetch() : undefined;
        if (rows.length > 0) yield rows;
      }
    } finally {
      await next?.catch(() => undefined);
      await this.client.query(`CLOSE ${CURSOR}`);
    }
  }

  async close(): Promise<void> {
    await this.client.query("COMMIT").catch(() => undefined);
    await this.client.end();
  }

  /** The key's columns, each collated by code point unless the column already is. */
  private async keyOrder(table: ArchivedTable): Promise<string> {
    const { rows } = await this.client.query<{ name: string; collation: string | null }>(
      `SELECT a.attname AS name, c.collname AS collation
         FROM pg_attribute a LEFT JOIN pg_collation c ON c.oid = a.attcollation
        WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`,
      [quote(table.name)],
    );
    const collations = new Map(rows.map((row) => [row.name, row.collation]));
    return table.key
      .map((column) => {
        const collation = collations.get(column);
        return collation && collation !== "C" ? `${quote(column)} COLLATE "C"` : quote(column);
      })
      .join(", ");
  }
}
