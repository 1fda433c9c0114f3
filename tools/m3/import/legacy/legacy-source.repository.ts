import pg from "pg";
import { parseDatabaseUrl, redact } from "../../../../services/kit/storage/database-url.js";
import {
  ownPostgresClient,
  postgresClientConfig,
} from "../../../../services/kit/storage/postgres-client-config.js";
import type { LegacyRow } from "./legacy-values.js";

/** How long a connection attempt may take before the import gives up with the driver's error. */
export const CONNECT_TIMEOUT_MILLIS = 10_000;

const TIMESTAMP_OIDS = new Set([1082, 1114, 1184]);
const INT8_OID = 20;

/** Timestamps stay PostgreSQL's text (a Date would drop the microseconds); bigints become numbers when exact. */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (TIMESTAMP_OIDS.has(oid)) return (text: string) => text;
    if (oid === INT8_OID) return (text: string) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
    return pg.types.getTypeParser(oid, format ?? "text");
  },
};

/** A source database that cannot be read: unreachable, refused, or not what it should be. */
export class SourceError extends Error {
  override name = "SourceError";
}

/** Numbers the cursors of readOrdered, so two reads in flight never share a name. */
let cursors = 0;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A legacy service's PostgreSQL database (the quickstart's `M3_VARS`, or one per service),
 * read only: in a UTC session, a batch of rows at a time in primary-key order, each batch
 * starting after the last key of the one before (keyset paging), so memory stays flat and
 * every statement is short.
 */
export class LegacySourceRepository {
  private constructor(
    private readonly client: pg.Client,
    readonly description: string,
  ) {}

  static async open(url: string): Promise<LegacySourceRepository> {
    const target = parseDatabaseUrl(url);
    if (target.kind !== "postgres") {
      throw new SourceError(
        `${redact(url)}: the legacy reader reads PostgreSQL (postgres://…); SQL Server is not supported yet`,
      );
    }
    const client = ownPostgresClient({
      ...postgresClientConfig(target),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MILLIS,
      types,
    });
    try {
      await client.connect();
      await client.query("SET default_transaction_read_only = on");
    } catch (error) {
      await client.end().catch(() => undefined);
      throw new SourceError(
        `cannot read ${redact(url)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return new LegacySourceRepository(client, redact(url));
  }

  /** Every table of the current schema with its columns, lower-case names (as unquoted DDL leaves them). */
  async tableColumns(): Promise<Map<string, Set<string>>> {
    const result = await this.client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema()`,
    );
    const tables = new Map<string, Set<string>>();
    for (const { table_name, column_name } of result.rows) {
      const table = table_name.toLowerCase();
      const columns = tables.get(table) ?? new Set<string>();
      columns.add(column_name.toLowerCase());
      tables.set(table, columns);
    }
    return tables;
  }

  async countRows(table: string): Promise<number> {
    const result = await this.client.query<{ rows: number | string }>(
      `SELECT COUNT(*) AS rows FROM ${quoted(table)}`,
    );
    return Number(result.rows[0]?.rows ?? 0);
  }

  /**
   * The table's rows, `batchSize` at a time, in the order of `key` (its primary key), every
   * value as text (NULL as null), by column name.
   */
  async *readBatches(
    table: string,
    columns: readonly string[],
    key: readonly string[],
    batchSize: number,
  ): AsyncGenerator<LegacyRow[]> {
    const selected = [...new Set([...key, ...columns])];
    // Every value as PostgreSQL's text: UUIDs in canonical form, timestamps to the microsecond in
    // the session's UTC, bigints exactly, reals in their shortest decimal. Aliased c0, c1, …
    const list = selected.map((column, index) => `${quoted(column)}::text AS c${index}`).join(", ");
    const order = key.map(quoted).join(", ");
    let after: unknown[] | undefined;
    for (;;) {
      const where = after ? `WHERE (${order}) > (${key.map((_, index) => `$${index + 1}`).join(", ")})` : "";
      const result = await this.client.query<Record<string, unknown>>(
        `SELECT ${list} FROM ${quoted(table)} ${where} ORDER BY ${order} LIMIT ${batchSize}`,
        after,
      );
      const rows = result.rows.map(renamed(selected));
      if (rows.length > 0) yield rows as LegacyRow[];
      if (rows.length < batchSize) return;
      const last = result.rows[result.rows.length - 1] as Record<string, unknown>;
      after = key.map((column) => last[`c${selected.indexOf(column)}`]);
    }
  }

  /** Up to `count` rows spread over the table (the same ones each time: ordered by a hash of the key). */
  async sampleRows(
    table: string,
    columns: readonly string[],
    key: readonly string[],
    count: number,
  ): Promise<LegacyRow[]> {
    const selected = [...new Set([...key, ...columns])];
    const list = selected.map((column, index) => `${quoted(column)}::text AS c${index}`).join(", ");
    const hashed = key.map((column) => `${quoted(column)}::text`).join(" || '/' || ");
    const result = await this.client.query<Record<string, unknown>>(
      `SELECT ${list} FROM ${quoted(table)} ORDER BY md5(${hashed}) LIMIT ${Math.floor(count)}`,
    );
    return result.rows.map(renamed(selected)) as LegacyRow[];
  }

  /** The rows whose `key` columns hold the values given, every value as text. */
  async rowsByKey(
    table: string,
    columns: readonly string[],
    key: readonly string[],
    keys: readonly unknown[][],
  ): Promise<LegacyRow[]> {
    if (keys.length === 0) return [];
    const selected = [...new Set([...key, ...columns])];
    const list = selected.map((column, index) => `${quoted(column)}::text AS c${index}`).join(", ");
    const tuple = (row: number) =>
      `(${key.map((_, index) => `$${row * key.length + index + 1}`).join(", ")})`;
    const result = await this.client.query<Record<string, unknown>>(
      `SELECT ${list} FROM ${quoted(table)}
       WHERE (${key.map(quoted).join(", ")}) IN (${keys.map((_, row) => tuple(row)).join(", ")})`,
      keys.flat(),
    );
    return result.rows.map(renamed(selected)) as LegacyRow[];
  }

  /** Of the keys given (values of `key`'s columns), those the table holds. */
  async existingKeys(table: string, key: readonly string[], keys: readonly unknown[][]): Promise<string[]> {
    if (keys.length === 0) return [];
    const tuple = (row: number) =>
      `(${key.map((_, index) => `$${row * key.length + index + 1}`).join(", ")})`;
    const result = await this.client.query<Record<string, unknown>>(
      `SELECT ${key.map((column) => `${quoted(column)}::text AS ${quoted(column)}`).join(", ")}
       FROM ${quoted(table)} WHERE (${key.map(quoted).join(", ")}) IN (${keys.map((_, row) => tuple(row)).join(", ")})`,
      keys.flat(),
    );
    return result.rows.map((row) => key.map((column) => String(row[column])).join("\u0000"));
  }

  /**
   * The rows of `select` (a query of this module's callers, never of input), `batchSize` at a
   * time, through a cursor held across transactions: the database orders them once, however
   * many batches follow (keyset paging would sort them again for each one when no index
   * holds the order, as none holds Envers's audit rows by record).
   */
  async *readOrdered(select: string, batchSize: number): AsyncGenerator<LegacyRow[]> {
    const cursor = `m3_import_${++cursors}`;
    await this.client.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${select}`);
    try {
      for (;;) {
        const result = await this.client.query<Record<string, unknown>>(`FETCH ${batchSize} FROM ${cursor}`);
        if (result.rows.length > 0) yield result.rows as LegacyRow[];
        if (result.rows.length < batchSize) return;
      }
    } finally {
      await this.client.query(`CLOSE ${cursor}`);
    }
  }

  /** oni's user accounts whose role is none of `roles` (names and roles only, never digests). */
  async usersWithRoleOutside(roles: readonly string[]): Promise<{ username: string; role: string | null }[]> {
    const result = await this.client.query<{ username: string; role: string | null }>(
      "SELECT username, role FROM useraccount WHERE role IS NULL OR NOT (role = ANY($1)) ORDER BY username",
      [roles],
    );
    return result.rows;
  }

  /** Concepts (id and primary name) whose parent concept is not in the source, with that parent's id. */
  async conceptsWithMissingParent(): Promise<{ id: number; name: string | null; parent: number }[]> {
    const result = await this.client.query<{ id: string; name: string | null; parent: string }>(
      `SELECT c.id, (SELECT n.conceptname FROM conceptname n WHERE n.conceptid_fk = c.id AND lower(n.nametype) = 'primary' ORDER BY n.id LIMIT 1) AS name,
              c.parentconceptid_fk AS parent
         FROM concept c LEFT JOIN concept p ON p.id = c.parentconceptid_fk
        WHERE c.parentconceptid_fk IS NOT NULL AND p.id IS NULL ORDER BY c.id`,
    );
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name, parent: Number(row.parent) }));
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

function renamed(selected: readonly string[]) {
  return (row: Record<string, unknown>): Record<string, unknown> => {
    const named: Record<string, unknown> = {};
    selected.forEach((column, index) => {
      named[column] = row[`c${index}`];
    });
    return named;
  };
}
