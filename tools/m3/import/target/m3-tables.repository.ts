import { randomBytes } from "node:crypto";
import type { EntityManager } from "typeorm";
import { placeholders } from "../../../../services/kit/sql/placeholders.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import type { ColumnType } from "../../../../services/kit/storage/table-catalogue.js";
import type { M3Row, M3Value } from "../legacy/legacy-values.js";
import { normalRow } from "../merge/m3-rows.js";
import { BulkRows } from "./bulk-rows.repository.js";
import { SetAsideIndexesRepository } from "./set-aside/set-aside-indexes.repository.js";

/** Bound values per statement: under SQLite's 32,766 and the servers' 65,535. */
const VALUES_PER_STATEMENT = 30_000;

/** One m3 table as the import sees it: its columns (kinds from the catalogue) and the identity of its rows. */
export interface M3TableRef {
  readonly name: string;
  readonly columns: Readonly<Record<string, ColumnType>>;
  readonly identity: readonly string[];
}

/**
 * The import's reads and writes of one domain's m3 tables, through the domain's storage on any
 * engine (the kit numbers `?` markers for PostgreSQL). Writes take the caller's transaction.
 */
export class M3TablesRepository {
  private readonly bulk: BulkRows;
  /** The plain indexes and foreign keys of tables loaded empty, set aside and put back. */
  readonly setAside: SetAsideIndexesRepository;

  constructor(readonly storage: DomainStorage) {
    this.bulk = new BulkRows(storage.dialect);
    this.setAside = new SetAsideIndexesRepository(storage);
  }

  async countRows(table: string): Promise<number> {
    const rows: { count: number | string }[] = await this.storage.read((manager) =>
      manager.query(`SELECT COUNT(*) AS count FROM ${table}`),
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The tables (of those given) that hold a row. */
  async filledTables(tables: readonly string[]): Promise<string[]> {
    const filled: string[] = [];
    for (const table of tables) {
      const rows: unknown[] = await this.storage.read((manager) =>
        manager.query(`SELECT 1 FROM ${table} LIMIT 1`),
      );
      if (rows.length > 0) filled.push(table);
    }
    return filled;
  }

  /** The rows with the identities of `keys` (rows holding at least the identity columns), in normal form. */
  async findByIdentity(manager: EntityManager, table: M3TableRef, keys: readonly M3Row[]): Promise<M3Row[]> {
    if (keys.length === 0) return [];
    const found: M3Row[] = [];
    const perStatement = Math.floor(VALUES_PER_STATEMENT / table.identity.length);
    for (let start = 0; start < keys.length; start += perStatement) {
      const chunk = keys.slice(start, start + perStatement);
      const where = identityCondition(table.identity, chunk.length);
      const rows: Record<string, unknown>[] = await manager.query(
        `SELECT ${Object.keys(table.columns).join(", ")} FROM ${table.name} WHERE ${where}`,
        chunk.flatMap((key) => table.identity.map((column) => key[column] ?? null)),
      );
      for (const row of rows) found.push(normalRow(table.columns, row));
    }
    return found;
  }

  /** The rows (identity and `column`) whose `column` holds one of `values`. */
  async findByColumn(
    manager: EntityManager,
    table: M3TableRef,
    column: string,
    values: readonly M3Value[],
  ): Promise<M3Row[]> {
    const found: M3Row[] = [];
    const selected = [...new Set([...table.identity, column])];
    const shape = Object.fromEntries(selected.map((name) => [name, table.columns[name] ?? "text?"]));
    for (let start = 0; start < values.length; start += VALUES_PER_STATEMENT) {
      const chunk = values.slice(start, start + VALUES_PER_STATEMENT);
      const rows: Record<string, unknown>[] = await manager.query(
        `SELECT ${selected.join(", ")} FROM ${table.name} WHERE ${column} IN (${placeholders(chunk.length)})`,
        chunk,
      );
      for (const row of rows) found.push(normalRow(shape, row));
    }
    return found;
  }

  /**
   * Inserts rows known to be new (each with every column given): by the engine's bulk path
   * (LOAD DATA, COPY) where it has one, else a multi-row statement at a time.
   */
  async insert(
    manager: EntityManager,
    table: string,
    columns: readonly string[],
    rows: readonly M3Row[],
  ): Promise<void> {
    if (await this.bulk.write(manager, table, columns, rows)) return;
    const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns.length));
    const tuple = `(${placeholders(columns.length)})`;
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      await manager.query(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => tuple).join(", ")}`,
        chunk.flatMap((row) => columns.map((column) => this.bound(row[column] ?? null))),
      );
    }
  }

  /** Replaces the values of `columns` of the row with the same identity. */
  async update(
    manager: EntityManager,
    table: M3TableRef,
    columns: readonly string[],
    row: M3Row,
  ): Promise<void> {
    const assigned = columns.filter((column) => !table.identity.includes(column));
    if (assigned.length === 0) return;
    await manager.query(
      `UPDATE ${table.name} SET ${assigned.map((column) => `${column} = ?`).join(", ")} WHERE ${identityCondition(table.identity, 1)}`,
      [
        ...assigned.map((column) => this.bound(row[column] ?? null)),
        ...table.identity.map((column) => row[column] ?? null),
      ],
    );
  }

  /** Deletes the rows with the identities of `keys`. */
  async delete(manager: EntityManager, table: M3TableRef, keys: readonly M3Row[]): Promise<void> {
    if (keys.length === 0) return;
    await manager.query(
      `DELETE FROM ${table.name} WHERE ${identityCondition(table.identity, keys.length)}`,
      keys.flatMap((key) => table.identity.map((column) => key[column] ?? null)),
    );
  }

  /** The table's rows in identity order, `batchSize` at a time (keyset paging from the last identity read). */
  async *readBatches(table: M3TableRef, batchSize: number): AsyncGenerator<M3Row[]> {
    const order = table.identity.join(", ");
    let after: M3Row | undefined;
    for (;;) {
      const where = after ? `WHERE ${keysetCondition(table.identity)}` : "";
      const params = after ? keysetParams(table.identity, after) : [];
      const rows: Record<string, unknown>[] = await this.storage.read((manager) =>
        manager.query(
          `SELECT ${Object.keys(table.columns).join(", ")} FROM ${table.name} ${where} ORDER BY ${order} LIMIT ${batchSize}`,
          params,
        ),
      );
      const batch = rows.map((row) => normalRow(table.columns, row));
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1];
    }
  }

  /**
   * Up to `count` distinct rows spread over the table, found by index seeks on the identity's
   * first column: the first row at or after each of `count` random points between its lowest
   * and highest value (random hex for UUIDs), on every engine.
   */
  async spreadRows(table: M3TableRef, count: number): Promise<M3Row[]> {
    const [first] = table.identity;
    if (!first) return [];
    const bounds: { low: unknown; high: unknown }[] = await this.storage.read((manager) =>
      manager.query(`SELECT MIN(${first}) AS low, MAX(${first}) AS high FROM ${table.name}`),
    );
    const { low, high } = bounds[0] ?? { low: null, high: null };
    if (low === null || low === undefined) return [];
    const numeric = typeof low === "number" || /^-?\d+$/.test(String(low));
    const point = () =>
      numeric
        ? Math.floor(Number(low) + Math.random() * (Number(high) - Number(low) + 1))
        : uuidTextBetween(String(low), String(high));
    const found = new Map<string, M3Row>();
    for (let attempt = 0; attempt < count * 2 && found.size < count; attempt++) {
      const rows: Record<string, unknown>[] = await this.storage.read((manager) =>
        manager.query(
          `SELECT ${Object.keys(table.columns).join(", ")} FROM ${table.name} WHERE ${first} >= ? ORDER BY ${first} LIMIT 1`,
          [point()],
        ),
      );
      const row = rows[0] && normalRow(table.columns, rows[0]);
      if (row) found.set(String(row[first]), row);
    }
    return [...found.values()];
  }

  /** After explicit ids went in: PostgreSQL's sequences continue above them (the others' counters move by themselves). */
  async continueSequences(manager: EntityManager, table: string, serial: string): Promise<void> {
    if (this.storage.dialect !== "postgres") return;
    await manager.query(
      `SELECT setval(pg_get_serial_sequence('${table}', '${serial}'), COALESCE((SELECT MAX(${serial}) FROM ${table}), 0) + 1, false)`,
    );
  }

  /** A value as this engine binds it: booleans are 1/0 on MySQL and SQLite. */
  private bound(value: M3Value): M3Value {
    if (typeof value === "boolean" && this.storage.dialect !== "postgres") return value ? 1 : 0;
    return value;
  }
}

/**
 * A random UUID text between two others, in their order: time-ordered UUIDs (v7) share their
 * first digits, so a point over the whole hex range would almost always lie past the last row.
 */
export function uuidTextBetween(low: string, high: string): string {
  const value = (text: string) => BigInt(`0x${text.replaceAll("-", "")}`);
  const [from, to] = [value(low), value(high)];
  const random = BigInt(`0x${randomBytes(16).toString("hex")}`);
  const hex = (from + (random % (to - from + 1n))).toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function identityCondition(identity: readonly string[], count: number): string {
  if (identity.length === 1) return `${identity[0]} IN (${placeholders(count)})`;
  const one = `(${identity.map((column) => `${column} = ?`).join(" AND ")})`;
  return Array.from({ length: count }, () => one).join(" OR ");
}

/** Rows after `after` in identity order, without row-value comparison (which SQLite and MySQL plan poorly). */
function keysetCondition(identity: readonly string[]): string {
  return identity
    .map((column, index) => {
      const equal = identity
        .slice(0, index)
        .map((earlier) => `${earlier} = ? AND `)
        .join("");
      return `(${equal}${column} > ?)`;
    })
    .join(" OR ");
}

function keysetParams(identity: readonly string[], after: M3Row): M3Value[] {
  return identity.flatMap((column, index) =>
    [...identity.slice(0, index), column].map((key) => after[key] ?? null),
  );
}
