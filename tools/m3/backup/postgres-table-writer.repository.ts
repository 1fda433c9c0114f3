import type pg from "pg";
import { loadDataText } from "./load-data-text.js";
import { connectPostgres, type PostgresTarget, quote } from "./postgres-connection.js";
import { copyFromStdin } from "./postgres-copy.js";
import {
  type DeferredPostgresDefinitions,
  deferredPostgresDefinitions,
} from "./postgres-table-definition.js";
import type { RowBatch, TableWriter } from "./tables.repository.js";

/** SQLSTATE character_not_in_repertoire: COPY's answer to a NUL character (`\0`) in text. */
const NOT_IN_REPERTOIRE = "22021";

interface PreparedTable {
  name: string;
  deferred: DeferredPostgresDefinitions;
  indexed: boolean;
}

/**
 * The restore's writes on PostgreSQL, whose DDL is transactional: one transaction per database
 * empties the tables (TRUNCATE), sets their secondary indexes, unique and foreign keys and
 * triggers aside, loads the rows and puts those back, all or nothing. Each batch of archive
 * lines goes as one COPY … FROM STDIN in text form, which is the LOAD DATA text MySQL's restore
 * makes (load-data-text.ts: most lines need no escaping), and which the server parses far more
 * cheaply than INSERTs (1.3-1.5x the rows/s of one INSERT … SELECT over the batch as one JSON
 * parameter). A batch is sent while the next is read from the archive. Each table's indexes and
 * unique keys are built (by sorting) once its rows are in, its foreign keys once every table
 * is, checking the rows; then the identity sequences move past the restored ids, the triggers
 * come back, the tables they keep are recounted and the loaded tables analyzed.
 */
export class PostgresTableWriter implements TableWriter {
  readonly dialect = "postgres";
  private readonly prepared = new Map<string, PreparedTable>();
  private readonly recounts: string[] = [];
  private pending: Promise<unknown> = Promise.resolve();
  private treeVersionChanged = false;

  private constructor(private readonly client: pg.Client) {}

  static async open(target: PostgresTarget): Promise<PostgresTableWriter> {
    return new PostgresTableWriter(await connectPostgres(target));
  }

  async begin(): Promise<void> {
    await this.client.query("BEGIN");
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    const filled: string[] = [];
    for (const table of tables) {
      const { rows } = await this.client.query(`SELECT 1 FROM ${quote(table)} LIMIT 1`);
      if (rows.length > 0) filled.push(table);
    }
    return filled;
  }

  async prepareTables(tables: readonly string[]): Promise<void> {
    const prepared: PreparedTable[] = [];
    for (const name of tables) {
      prepared.push({ name, deferred: await deferredPostgresDefinitions(this.client, name), indexed: false });
    }
    // Foreign keys first: the unique keys they refer to are dropped next.
    for (const { name, deferred } of prepared) {
      for (const constraint of deferred.foreignKeys)
        await this.client.query(`ALTER TABLE ${quote(name)} DROP CONSTRAINT ${quote(constraint.name)}`);
    }
    for (const table of prepared) {
      const { name, deferred } = table;
      for (const constraint of deferred.uniqueKeys)
        await this.client.query(`ALTER TABLE ${quote(name)} DROP CONSTRAINT ${quote(constraint.name)}`);
      for (const index of deferred.indexes) await this.client.query(`DROP INDEX ${index.quotedName}`);
      if (deferred.hasTriggers) await this.client.query(`ALTER TABLE ${quote(name)} DISABLE TRIGGER USER`);
      this.prepared.set(name, table);
    }
    if (prepared.length > 0)
      await this.client.query(`TRUNCATE ${prepared.map((table) => quote(table.name)).join(", ")}`);
  }

  /**
   * Sends the batch and returns once the previous one is stored, so the next is read meanwhile;
   * its text is made while the server still stores the previous one.
   */
  async insert(table: string, columns: readonly string[], { lines }: RowBatch): Promise<void> {
    this.preparedTable(table);
    const sql = `COPY ${quote(table)} (${columns.map(quote).join(", ")}) FROM STDIN`;
    const text = loadDataText(lines);
    await this.pending;
    const sent = copyFromStdin(this.client, sql, text).catch((error: unknown) => {
      throw loadError(table, error);
    });
    // A failure surfaces at the next batch or at endTable; until then it must not go unhandled.
    sent.catch(() => undefined);
    this.pending = sent;
  }

  async endTable(table: string): Promise<void> {
    await this.pending;
    await this.buildIndexes(this.preparedTable(table));
  }

  async recountAfterLoad(statements: readonly string[]): Promise<void> {
    this.recounts.push(...statements);
  }

  async bumpKbTreeVersion(): Promise<void> {
    this.treeVersionChanged = true;
  }

  async finishLoading(): Promise<void> {
    await this.pending;
    const tables = [...this.prepared.values()];
    for (const table of tables) await this.buildIndexes(table);
    for (const { name, deferred } of tables) {
      for (const constraint of deferred.foreignKeys) {
        await this.client
          .query(
            `ALTER TABLE ${quote(name)} ADD CONSTRAINT ${quote(constraint.name)} ${constraint.definition}`,
          )
          .catch((error: { message?: string }) => {
            throw new Error(`${name}: restored rows refer to missing rows (${error.message})`);
          });
      }
      for (const { column, sequence } of deferred.sequences) {
        await this.client.query(
          `SELECT setval($1, COALESCE((SELECT max(${quote(column)}) FROM ${quote(name)}), 0) + 1, false)`,
          [sequence],
        );
      }
      if (deferred.hasTriggers) await this.client.query(`ALTER TABLE ${quote(name)} ENABLE TRIGGER USER`);
    }
    for (const sql of this.recounts.splice(0)) await this.client.query(sql);
    // The planner's statistics of the emptied tables would otherwise wait for autovacuum.
    if (tables.length > 0)
      await this.client.query(`ANALYZE ${tables.map(({ name }) => quote(name)).join(", ")}`);
    if (this.treeVersionChanged)
      await this.client.query("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
  }

  async commit(): Promise<void> {
    await this.client.query("COMMIT");
  }

  async rollback(): Promise<void> {
    await this.pending.catch(() => undefined);
    await this.client.query("ROLLBACK");
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  private async buildIndexes(table: PreparedTable): Promise<void> {
    if (table.indexed) return;
    table.indexed = true;
    const { name, deferred } = table;
    for (const constraint of deferred.uniqueKeys) {
      await this.client
        .query(`ALTER TABLE ${quote(name)} ADD CONSTRAINT ${quote(constraint.name)} ${constraint.definition}`)
        .catch((error: { message?: string }) => {
          throw new Error(`${name}: the restored rows break a unique key (${error.message})`);
        });
    }
    for (const index of deferred.indexes) await this.client.query(index.definition);
  }

  private preparedTable(table: string): PreparedTable {
    const prepared = this.prepared.get(table);
    if (!prepared) throw new Error(`${table} was not prepared for loading`);
    return prepared;
  }
}

function loadError(table: string, error: unknown): Error {
  const { code, message } = error as { code?: string; message?: string };
  if (code === NOT_IN_REPERTOIRE && message?.endsWith("0x00")) {
    return new Error(
      `${table}: a value holds the NUL character (\\u0000), which PostgreSQL text cannot store (${message})`,
    );
  }
  return new Error(`${table}: ${message ?? String(error)}`);
}
