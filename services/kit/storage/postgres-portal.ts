/*
 * Hand-written on purpose, in place of pg-cursor (measured, `npm run bench:postgres-read-paths`,
 * BENCH_VIEW_ROWS=300000, four interleaved rounds, 1-minute load 5-15 on two shared cores): this
 * portal read 65,300-110,100 rows/s (1.8-1.9 s CPU), pg-cursor 30,200-66,400 (3.4-3.6 s CPU),
 * 0.43-0.93x, below 0.85x in three rounds. pg-cursor sends its next Execute only once the last
 * page has arrived (and hands each page over a setImmediate later), so the server waits a round
 * trip every 512 rows, where this reader keeps the next page on its way (PAGES_AHEAD). See
 * docs/benchmarks.md.
 */
import pg from "pg";
import { numberedPlaceholders } from "../sql/numbered-placeholders.js";
import { postgresTypes } from "./postgres-driver.js";
import { Pages } from "./postgres-pages.js";

/** The messages of pg's connection a portal reader sends (pg's Connection, as Query uses it). */
export interface PostgresWire {
  parse(message: { text: string }): void;
  bind(message: { values: unknown[] }): void;
  describe(message: { type: "P"; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  flush(): void;
  sync(): void;
  query(text: string): void;
  stream: { cork(): void; uncork(): void; pause(): void; resume(): void };
}

/** pg's Result as a row parser (its methods that pg's typings leave out). */
interface RowParser<R> {
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): R;
}

/** Where the portal is: the server runs a fetch, waits for the next, has finished, or is gone. */
type PortalState = "fetching" | "suspended" | "syncing" | "ready" | "lost";

/** Pages the server fills ahead of the consumer: one being read while the next is on its way. */
const PAGES_AHEAD = 2;

/**
 * One read-only statement read a page at a time through the unnamed portal of PostgreSQL's
 * extended protocol (a server-side cursor): Parse, Bind, Describe, then Execute with a row
 * limit for each page, asked for only while fewer than PAGES_AHEAD pages wait. Memory stays a
 * few pages whatever the result. A pg Submittable (`client.query(reader)`); its pages are the
 * rows parsed by m3's type parsers (postgres-driver.ts), as arrays or as objects by column.
 */
export class PortalReader<R> {
  readonly pages: Pages<R[]>;
  private wire: PostgresWire | undefined;
  private state: PortalState = "fetching";
  private page: R[] = [];
  private readonly result: RowParser<R>;

  constructor(
    private readonly text: string,
    private readonly values: unknown[],
    rowsAsArray: boolean,
    private readonly rowsPerPage: number,
    signal: AbortSignal,
  ) {
    const rowMode = (rowsAsArray ? "array" : "object") as "array";
    const types = postgresTypes as unknown as ConstructorParameters<typeof pg.Result>[1];
    this.result = new pg.Result(rowMode, types) as unknown as RowParser<R>;
    this.pages = new Pages<R[]>(signal, () => this.fetchIfWanted());
  }

  /** Whether a fetch runs on the server: leaving now needs a cancel, not only a closed connection. */
  get running(): boolean {
    return this.state === "fetching";
  }

  /** Whether the connection is back to idle, ready for another statement. */
  get ready(): boolean {
    return this.state === "ready";
  }

  submit(connection: unknown): void {
    const wire = connection as PostgresWire;
    this.wire = wire;
    wire.stream.cork();
    try {
      wire.parse({ text: numberedPlaceholders(this.text) });
      wire.bind({ values: this.values.map(boundValue) });
      wire.describe({ type: "P", name: "" });
      this.fetch();
    } finally {
      wire.stream.uncork();
    }
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    this.result.addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown[] }): void {
    this.page.push(this.result.parseRow(message.fields));
  }

  handlePortalSuspended(): void {
    this.state = "suspended";
    this.pages.push(this.page);
    this.page = [];
    this.fetchIfWanted();
  }

  handleCommandComplete(): void {
    if (this.page.length > 0) this.pages.push(this.page);
    this.page = [];
    this.sync();
  }

  handleEmptyQuery(): void {
    this.sync();
  }

  /**
   * A server error ends the statement: pg forgets it (ReadyForQuery is not handed here), and
   * the Sync sent makes the server skip to it, so the connection serves its next statement.
   */
  handleError(error: unknown): void {
    if (endsStatementOnly(error)) {
      if (this.state !== "syncing") this.wire?.sync();
      this.state = "ready";
    } else {
      this.state = "lost";
    }
    this.pages.fail(error);
  }

  handleReadyForQuery(): void {
    this.state = "ready";
    this.pages.end();
  }

  private fetchIfWanted(): void {
    if (this.state === "suspended" && this.pages.waiting < PAGES_AHEAD) this.fetch();
  }

  private fetch(): void {
    this.state = "fetching";
    this.wire?.execute({ portal: "", rows: this.rowsPerPage });
    this.wire?.flush();
  }

  private sync(): void {
    this.state = "syncing";
    this.wire?.sync();
  }
}

/**
 * Whether a server error ends the statement and leaves the session (an ERROR), rather than the
 * connection (FATAL or PANIC: the server closes it, as pg_terminate_backend or a shutdown do).
 */
export function endsStatementOnly(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity !== "FATAL" && error.severity !== "PANIC";
}

/** A parameter as the text PostgreSQL reads (pg sends every parameter untyped, as text). */
export function boundValue(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  throw new Error(`a statement parameter must be text, a number, a boolean or null, not ${typeof value}`);
}
