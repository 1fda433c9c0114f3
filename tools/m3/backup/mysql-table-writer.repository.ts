import mysql, { type Connection } from "mysql2";
import type { ArchiveValue } from "./archive-format.js";
import { LOAD_DATA_FORMAT, loadDataText } from "./load-data-text.js";
import { connect, end, LocalDataUpload, type MysqlTarget, quote, run } from "./mysql-connection.js";
import { type DeferredDefinitions, deferredDefinitions } from "./mysql-table-definition.js";
import type { RowBatch, TableWriter } from "./tables.repository.js";

/** Beside each table, the one its rows are loaded into, and the one it becomes when replaced. */
const STAGING_SUFFIX = "__m3_restore";
const REPLACED_SUFFIX = "__m3_replaced";
/** Rows per transaction while loading a staging table: commits are cheap there, undo logs are not. */
export const ROWS_PER_TRANSACTION = 50_000;
/** Statements stay this far under max_allowed_packet. */
const PACKET_SHARE = 0.8;
/** The modes under which a JSON string is read as the same MySQL string (see sqlTuple). */
const JSON_UNSAFE_SQL_MODES = new Set(["ANSI", "ANSI_QUOTES", "NO_BACKSLASH_ESCAPES"]);
/** The packets of LOAD DATA's bytes: small beside any max_allowed_packet, large beside their header. */
export const LOAD_DATA_PIECE_BYTES = 1 << 20;
/**
 * The errors of a server (or a driver) that refuses LOAD DATA LOCAL: local_infile=OFF (4166 on
 * MariaDB 10.5 and later, 1148 before it and on MySQL), MySQL's client-side refusals (3948, 2068).
 */
export const LOCAL_INFILE_REFUSED = new Set([1148, 4166, 3948, 2068]);

/** How rows go in: LOAD DATA until the server refuses the first one, then INSERT for the whole restore. */
type LoadPath = "untried" | "load-data" | "insert";

interface StagedTable {
  name: string;
  staging: string;
  deferred: DeferredDefinitions;
  indexed: boolean;
}

/** The LOAD DATA statement of the open transaction, and the table it fills. */
interface OpenUpload {
  staged: StagedTable;
  upload: LocalDataUpload;
}

/**
 * The restore's writes on MySQL/MariaDB. The rows go into staging tables beside the real ones,
 * created empty with only their primary keys, by one LOAD DATA LOCAL INFILE per transaction
 * whose file the batches are written into as they come (text the server parses far more cheaply
 * than INSERT statements); a server that refuses LOAD DATA LOCAL gets multi-row INSERTs sized to
 * its max_allowed_packet instead. As each table's rows are all in, a second connection builds
 * its secondary indexes (by sorting, instead of one random insert per row and index) while the
 * next table loads. Commit then swaps every staging table for its real table in one atomic
 * RENAME TABLE, drops the replaced tables and adds back the foreign keys (unchecked: the rows
 * come from a consistent snapshot) and the triggers (which go with the replaced tables; the
 * staging tables load without them), then recounts the tables those triggers keep. Until that
 * RENAME nothing of the real tables has changed, and a rollback just drops the staging tables:
 * all or nothing.
 */
export class MysqlTableWriter implements TableWriter {
  readonly dialect = "mysql";
  private readonly staged = new Map<string, StagedTable>();
  /** The CREATE TRIGGER statements of the prepared tables, made again on the swapped-in tables. */
  private readonly triggers: string[] = [];
  private readonly recounts: string[] = [];
  private pending: Promise<unknown> = Promise.resolve();
  private upload: OpenUpload | undefined;
  private indexBuilds: Promise<void> = Promise.resolve();
  private uncommittedRows = 0;
  private maxStatementBytes = 0;
  private loadPath: LoadPath = "untried";
  private swapped = false;
  private treeVersionChanged = false;

  private constructor(
    private readonly connection: Connection,
    private readonly indexer: Connection,
  ) {}

  static async open(target: MysqlTarget): Promise<MysqlTableWriter> {
    const connection = await connect(target);
    try {
      return new MysqlTableWriter(connection, await connect(target));
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  async begin(): Promise<void> {
    // Foreign keys are added back unchecked and the replaced tables dropped though referenced;
    // this covers this session's statements only.
    await run(this.connection, "SET SESSION foreign_key_checks = 0, autocommit = 0");
    const [settings] = (await run(
      this.connection,
      "SELECT @@max_allowed_packet AS packetBytes, @@sql_mode AS sqlMode",
    )) as { packetBytes: number; sqlMode: string }[];
    this.maxStatementBytes = Math.floor(Number(settings?.packetBytes) * PACKET_SHARE);
    const modes = (settings?.sqlMode ?? "").split(",").filter((mode) => !JSON_UNSAFE_SQL_MODES.has(mode));
    await run(this.connection, "SET SESSION sql_mode = ?", [modes.join(",")]);
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    const filled: string[] = [];
    for (const table of tables) {
      if ((await run(this.connection, `SELECT 1 FROM ${quote(table)} LIMIT 1`)).length > 0)
        filled.push(table);
    }
    return filled;
  }

  async prepareTables(tables: readonly string[]): Promise<void> {
    for (const name of tables) {
      const [shown] = (await run(this.connection, `SHOW CREATE TABLE ${quote(name)}`)) as {
        "Create Table": string;
      }[];
      const staged: StagedTable = {
        name,
        staging: `${name}${STAGING_SUFFIX}`,
        deferred: deferredDefinitions(shown?.["Create Table"] ?? ""),
        indexed: false,
      };
      // A staging table left by a restore that was killed holds nothing worth keeping.
      await run(this.connection, `DROP TABLE IF EXISTS ${quote(staged.staging)}`);
      await run(this.connection, `CREATE TABLE ${quote(staged.staging)} LIKE ${quote(name)}`);
      this.staged.set(name, staged);
      this.triggers.push(...(await this.triggersOf(name)));
      const indexes = staged.deferred.secondaryIndexes;
      if (indexes.length > 0) {
        const dropped = indexes.map((index) => `DROP INDEX ${index.quotedName}`).join(", ");
        await run(this.connection, `ALTER TABLE ${quote(staged.staging)} ${dropped}`);
      }
    }
  }

  /**
   * Sends the rows and returns once they are on their way, so the next batch is read and parsed
   * while the server stores this one: written into the transaction's LOAD DATA statement (the
   * first batch of a transaction opens it, once the previous transaction's is checked and
   * committed), or as INSERTs once the previous statement is done. The first statement's start is
   * awaited: a server that refuses LOAD DATA LOCAL gets its batch, and every later one, as INSERTs.
   */
  async insert(table: string, columns: readonly string[], batch: RowBatch): Promise<void> {
    const staged = this.stagedTable(table);
    if (this.loadPath === "insert") await this.insertStatements(staged, columns, batch);
    else await this.loadData(staged, columns, batch);
    this.uncommittedRows += batch.lines.length;
    if (this.uncommittedRows >= ROWS_PER_TRANSACTION) await this.commitLoaded();
  }

  async endTable(table: string): Promise<void> {
    const staged = this.stagedTable(table);
    await this.commitLoaded();
    // The build waits for the commit, which releases the table to the other connection.
    const committed = this.pending;
    const previous = this.indexBuilds;
    this.indexBuilds = (async () => {
      await previous;
      await committed;
      await this.buildIndexes(staged);
    })();
    this.indexBuilds.catch(() => undefined);
  }

  async recountAfterLoad(statements: readonly string[]): Promise<void> {
    this.recounts.push(...statements);
  }

  async bumpKbTreeVersion(): Promise<void> {
    this.treeVersionChanged = true;
  }

  async finishLoading(): Promise<void> {
    await this.commitLoaded();
    await this.pending;
    await this.indexBuilds;
    for (const staged of this.staged.values()) await this.buildIndexes(staged);
  }

  async commit(): Promise<void> {
    await this.pending;
    const tables = [...this.staged.values()];
    const replaced = (table: StagedTable) => quote(`${table.name}${REPLACED_SUFFIX}`);
    if (tables.length > 0) {
      await run(this.connection, `DROP TABLE IF EXISTS ${tables.map(replaced).join(", ")}`);
      const renames = tables.map(
        (table) =>
          `${quote(table.name)} TO ${replaced(table)}, ${quote(table.staging)} TO ${quote(table.name)}`,
      );
      await run(this.connection, `RENAME TABLE ${renames.join(", ")}`);
      this.swapped = true;
      await run(this.connection, `DROP TABLE ${tables.map(replaced).join(", ")}`);
      for (const { name, deferred } of tables) {
        if (deferred.foreignKeys.length === 0) continue;
        const added = deferred.foreignKeys.map((foreignKey) => `ADD ${foreignKey}`).join(", ");
        await run(this.connection, `ALTER TABLE ${quote(name)} ${added}`);
      }
      for (const sql of this.triggers) await run(this.connection, sql);
      for (const sql of this.recounts) await run(this.connection, sql);
    }
    if (this.treeVersionChanged) {
      await run(this.connection, "UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
    }
    await run(this.connection, "COMMIT");
  }

  async rollback(): Promise<void> {
    await this.upload?.upload.abandon();
    this.upload = undefined;
    await this.pending.catch(() => undefined);
    await this.indexBuilds.catch(() => undefined);
    await run(this.connection, "ROLLBACK");
    if (this.swapped || this.staged.size === 0) return;
    const staging = [...this.staged.values()].map((table) => quote(table.staging));
    await run(this.connection, `DROP TABLE IF EXISTS ${staging.join(", ")}`);
  }

  async close(): Promise<void> {
    await Promise.all([end(this.connection), end(this.indexer)]);
  }

  /** The table's CREATE TRIGGER statements, without their DEFINER (the restoring user defines them again). */
  private async triggersOf(table: string): Promise<string[]> {
    const names = (await run(
      this.connection,
      `SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS
        WHERE EVENT_OBJECT_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = ? ORDER BY ACTION_ORDER`,
      [table],
    )) as { name: string }[];
    const statements: string[] = [];
    for (const { name } of names) {
      const [shown] = (await run(this.connection, `SHOW CREATE TRIGGER ${quote(name)}`)) as {
        "SQL Original Statement": string;
      }[];
      const sql = shown?.["SQL Original Statement"];
      if (!sql) throw new Error(`trigger ${name} on ${table} could not be read`);
      statements.push(sql.replace(/^CREATE\s+DEFINER\s*=\s*\S+\s+TRIGGER/i, "CREATE TRIGGER"));
    }
    return statements;
  }

  private stagedTable(table: string): StagedTable {
    const staged = this.staged.get(table);
    if (!staged) throw new Error(`${table} was not prepared for loading`);
    return staged;
  }

  private async loadData(staged: StagedTable, columns: readonly string[], batch: RowBatch): Promise<void> {
    if (this.upload && this.upload.staged !== staged) await this.commitLoaded();
    if (!this.upload) {
      const upload = await this.openUpload(staged, columns);
      if (!upload) {
        await this.insertStatements(staged, columns, batch);
        return;
      }
      this.upload = { staged, upload };
    }
    await this.upload.upload.write(loadDataText(batch.lines), batch.lines.length);
  }

  /**
   * Starts a LOAD DATA statement into the staging table once the previous statements are done.
   * The first one decides the load path: without an upload, the server refused LOAD DATA LOCAL
   * and the restore goes on with INSERTs.
   */
  private async openUpload(
    staged: StagedTable,
    columns: readonly string[],
  ): Promise<LocalDataUpload | undefined> {
    await this.pending;
    const sql =
      `LOAD DATA LOCAL INFILE 'rows' INTO TABLE ${quote(staged.staging)} ${LOAD_DATA_FORMAT} ` +
      `(${columns.map(quote).join(", ")})`;
    const pieceBytes = Math.min(LOAD_DATA_PIECE_BYTES, this.maxStatementBytes);
    const upload = new LocalDataUpload(this.connection, sql, pieceBytes);
    if (this.loadPath === "load-data") return upload;
    try {
      await upload.started;
      this.loadPath = "load-data";
      return upload;
    } catch (error) {
      if (!LOCAL_INFILE_REFUSED.has((error as { errno?: number }).errno ?? 0)) throw error;
      this.loadPath = "insert";
      return undefined;
    }
  }

  /**
   * Ends the transaction's statement and checks it: LOCAL makes the server skip a row it cannot
   * store (a duplicate key, a bad value) with a warning instead of failing, since it cannot stop
   * the client's upload midway.
   */
  private async endUpload({ staged, upload }: OpenUpload): Promise<void> {
    const result = await upload.end();
    if (result.affectedRows !== upload.rows || result.warningStatus > 0)
      throw new Error(await this.loadDataProblem(staged, upload.rows, result.affectedRows));
  }

  private async loadDataProblem(staged: StagedTable, rows: number, stored: number): Promise<string> {
    const warnings = (await run(this.connection, "SHOW WARNINGS LIMIT 3")) as { Message: string }[];
    const messages = warnings.map((warning) => warning.Message).join("; ");
    return `${staged.name}: ${stored} of ${rows} rows stored: ${messages}`;
  }

  private async insertStatements(
    staged: StagedTable,
    columns: readonly string[],
    batch: RowBatch,
  ): Promise<void> {
    const prefix = `INSERT INTO ${quote(staged.staging)} (${columns.map(quote).join(", ")}) VALUES `;
    let tuples: string[] = [];
    let length = prefix.length;
    for (let index = 0; index < batch.lines.length; index++) {
      const tuple = sqlTuple(batch.lines[index] as string);
      // A UTF-16 unit takes at most 3 bytes in UTF-8.
      if (tuples.length > 0 && (length + tuple.length + 1) * 3 > this.maxStatementBytes) {
        await this.send(prefix + tuples.join(","));
        tuples = [];
        length = prefix.length;
      }
      tuples.push(tuple);
      length += tuple.length + 1;
    }
    if (tuples.length > 0) await this.send(prefix + tuples.join(","));
  }

  private async buildIndexes(staged: StagedTable): Promise<void> {
    if (staged.indexed) return;
    staged.indexed = true;
    const indexes = staged.deferred.secondaryIndexes;
    if (indexes.length === 0) return;
    const added = indexes.map((index) => `ADD ${index.clause}`).join(", ");
    await run(this.indexer, `ALTER TABLE ${quote(staged.staging)} ${added}`);
  }

  private async commitLoaded(): Promise<void> {
    this.uncommittedRows = 0;
    const open = this.upload;
    this.upload = undefined;
    if (open) await this.sendAfterPrevious(() => this.endUpload(open));
    await this.send("COMMIT");
  }

  private send(sql: string): Promise<void> {
    return this.sendAfterPrevious(() => run(this.connection, sql));
  }

  private async sendAfterPrevious(statement: () => Promise<unknown>): Promise<void> {
    await this.pending;
    const sent = statement();
    // A failure surfaces at the next statement or at finishLoading; until then it must not go unhandled.
    sent.catch(() => undefined);
    this.pending = sent;
  }
}

/**
 * A row as an SQL tuple, made from its archive line. The line is a JSON array of strings,
 * numbers and nulls (the reader checked it), and under the session's sql_mode (no ANSI_QUOTES,
 * no NO_BACKSLASH_ESCAPES) MySQL reads a JSON number, `null` and a double-quoted JSON string as
 * the same values, escapes included, except `\u` and `\f`: a line that may hold those is escaped
 * by the client instead. Most rows thus need no escaping, which was most of the restore's time.
 */
function sqlTuple(line: string): string {
  if (line.includes("\\u") || line.includes("\\f"))
    return `(${mysql.escape(JSON.parse(line) as ArchiveValue[])})`;
  return `(${line.slice(1, -1)})`;
}
