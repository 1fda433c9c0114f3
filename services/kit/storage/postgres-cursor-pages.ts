import type pg from "pg";
import Cursor from "pg-cursor";
import { numberedPlaceholders } from "../sql/numbered-placeholders.js";
import { postgresTypes } from "./postgres-driver.js";
import type { PostgresReader, Settle } from "./postgres-row-stream.js";
import { boundValue, endsStatementOnly } from "./postgres-statement-values.js";

/**
 * One read-only statement read a page at a time through a server-side cursor (pg-cursor: a
 * portal of PostgreSQL's extended protocol, an Execute with a row limit per page). The next
 * page is asked for as the consumer takes one: the server fills one while the other is read,
 * so memory stays two pages whatever the result. The rows are parsed by m3's type parsers
 * (postgres-driver.ts), as arrays or as objects by column.
 */
export class CursorPagesReader<R> implements PostgresReader<R[]> {
  private state: "reading" | "fetching" | "ready" | "lost" = "reading";

  constructor(
    private readonly sql: string,
    private readonly params: readonly unknown[],
    private readonly rowsAsArray: boolean,
    private readonly rowsPerPage: number,
  ) {}

  get running(): boolean {
    return this.state === "fetching";
  }

  get ready(): boolean {
    return this.state === "ready";
  }

  async *read(client: pg.PoolClient, settle: Settle): AsyncGenerator<R[]> {
    const types = postgresTypes as unknown as Cursor.CursorQueryConfig["types"];
    const config = this.rowsAsArray ? { rowMode: "array" as const, types } : { types };
    const cursor = new Cursor<R>(numberedPlaceholders(this.sql), this.params.map(boundValue), config);
    client.query(cursor);
    let next = this.fetch(cursor);
    for (;;) {
      const page = await settle(next);
      // A page short of full is the last: the cursor has closed its portal, the connection is idle.
      if (page.length < this.rowsPerPage) {
        this.state = "ready";
        if (page.length > 0) yield page;
        return;
      }
      next = this.fetch(cursor);
      yield page;
    }
  }

  /** Asks for the next page; a page nobody waits for any more (the stream left) fails unheard. */
  private fetch(cursor: Cursor<R>): Promise<R[]> {
    this.state = "fetching";
    const page = cursor.read(this.rowsPerPage).then(
      (page) => {
        this.state = "reading";
        return page;
      },
      (error: unknown) => {
        // A server ERROR ends the statement (the cursor syncs the session); FATAL, the connection.
        this.state = endsStatementOnly(error) ? "ready" : "lost";
        throw error;
      },
    );
    page.catch(() => {});
    return page;
  }
}
