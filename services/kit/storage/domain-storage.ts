import "reflect-metadata";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DataSource, type DataSourceOptions, type EntityManager, type MixedList } from "typeorm";
import { type PoolStats, trackDatabasePool } from "../metrics/database-metrics.js";
import { AsyncMutex } from "./async-mutex.js";
import type { DatabaseTarget } from "./database-url.js";
import { type Dialect, unsupportedEngineMessage } from "./engines.js";
import { SqliteReadSource } from "./sqlite-read-source.js";
import { SqliteReaders } from "./sqlite-readers.js";
import {
  isReadOnlyRefusal,
  isRetryableStorageError,
  isUniqueViolation,
  translateStorageError,
} from "./storage-errors.js";

export type { Dialect } from "./engines.js";

// biome-ignore lint/complexity/noBannedTypes: TypeORM takes entity and migration classes as Function.
type ClassList = MixedList<Function>;

/** Every domain runs on MySQL/MariaDB and SQLite; PostgreSQL comes domain by domain. */
export type DialectMigrations = Record<"mysql" | "sqlite", ClassList> & { postgres?: ClassList };

/** The engines a domain's migrations cover, in the order messages list them. */
export function supportedDialects(migrations: DialectMigrations): Dialect[] {
  return (["mysql", "postgres", "sqlite"] as const).filter((dialect) => migrations[dialect] !== undefined);
}

export interface DomainStorageOptions {
  target: DatabaseTarget;
  /** Names the migrations table (`<domain>_migrations`) so domains can share one database. */
  domain: string;
  entities: ClassList;
  /**
   * One migration list per dialect: the SQL differs, the schema does not. A domain runs on the
   * engines it has migrations for, and refuses the others (see unsupportedEngineMessage).
   */
  migrations: DialectMigrations;
  /** MySQL or PostgreSQL connection pool size, default 10. */
  poolSize?: number;
  /**
   * On MySQL, whether a transaction opened inside another fails at once (it would otherwise run
   * on a second connection, outside the first one's all-or-nothing). Knowing it takes an async
   * scope per transaction (AsyncLocalStorage), and once one exists Node 20 runs its async hooks
   * on every promise of the process while a unit of work is open: 9-13% of the CPU of a
   * one-statement GET in the all-in-one. So it is a check for the test suite: default
   * M3_CHECK_NESTED_TRANSACTIONS=1 (tools/dev/test.sh sets it). SQLite always keeps the scope (its
   * reads inside a unit of work need it), enabled only while a unit of work is open.
   */
  checkNestedTransactions?: boolean;
}

export interface DomainStorage {
  readonly dialect: Dialect;
  readonly dataSource: DataSource;
  /** On a SQLite file: the read-only connections row streams read through. */
  readonly sqliteReaders?: SqliteReaders;
  /**
   * Runs reads outside a transaction. On a SQLite file they run on a read-only connection of their
   * own, beside the writer (WAL), seeing what was committed; inside a unit of work (and on
   * ":memory:", which a second connection would not see) on the one connection, after its lock.
   */
  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /**
   * Runs work in one transaction: all or nothing. Deadlocks are retried; a unique-key
   * race (two creates of the same natural key) is retried once so create-or-get sees the
   * winner's row. Constraint violations surface as DomainErrors.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query (health checks). */
  ping(): Promise<void>;
  /** The connection pool now (SQLite: its one connection and the work queued on its lock). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

/**
 * Attempts of a transaction that meets a deadlock, a lock wait timeout or a locked SQLite file,
 * with a growing pause between them (retryPause): about 2 s in all before the client is
 * told 503 "busy" with Retry-After.
 */
const MAX_ATTEMPTS = 7;
/**
 * How long one SQLite statement waits for a lock another process holds (better-sqlite3 waits
 * synchronously, holding up the whole event loop); longer waits are the retries' pauses, which
 * let every other request run meanwhile.
 */
const SQLITE_BUSY_WAIT_MILLIS = 100;
/**
 * The lock wait while the schema is migrated at start: processes started together on one data
 * directory (two `npm start`, the workers' primary and a CLI) take turns on the whole schema.
 */
const SQLITE_MIGRATION_BUSY_WAIT_MILLIS = 30_000;
/** TypeORM's MySQL driver (mysql-driver.ts), loaded with the first MySQL storage. */
let mysqlDriver: typeof import("./mysql-driver.js").mysqlDriver | undefined;
/** TypeORM's PostgreSQL driver (postgres-driver.ts), loaded with the first PostgreSQL storage. */
let postgresDriver: typeof import("./postgres-driver.js").postgresDriver | undefined;

/** Opens the domain's database, applies pending migrations and returns its unit of work. */
export async function openDomainStorage(options: DomainStorageOptions): Promise<DomainStorage> {
  const dialect: Dialect = options.target.kind;
  if (options.migrations[dialect] === undefined) {
    throw new Error(unsupportedEngineMessage(options.domain, dialect, supportedDialects(options.migrations)));
  }
  if (options.target.kind === "postgres") {
    // pg is imported only for PostgreSQL, as mysql2 only for MySQL.
    const { ensurePostgresDatabase } = await import("./postgres-database.js");
    await ensurePostgresDatabase(options.target);
    postgresDriver ??= (await import("./postgres-driver.js")).postgresDriver;
  }
  if (options.target.kind === "mysql") {
    // mysql2 is imported only for MySQL: SQLite starts skip its ~90 modules.
    const { ensureMysqlDatabase } = await import("./mysql-database.js");
    await ensureMysqlDatabase(options.target);
    mysqlDriver ??= (await import("./mysql-driver.js")).mysqlDriver;
  }
  if (options.target.kind === "sqlite" && options.target.file !== ":memory:") {
    mkdirSync(dirname(options.target.file), { recursive: true });
  }
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  // SQLite's and PostgreSQL's DDL is transactional: a first start creates the whole schema in one
  // commit (one sync to disk, not one per migration), and a failed migration leaves none of them
  // applied. MySQL commits each DDL statement itself, so there each migration keeps its own transaction.
  await migrate(dataSource, dialect).catch(async (error) => {
    await dataSource.destroy();
    throw error;
  });
  // Past the start, a statement waits only briefly for another process's lock (see retryPause).
  if (dialect === "sqlite") await dataSource.query(`PRAGMA busy_timeout = ${SQLITE_BUSY_WAIT_MILLIS}`);
  const file =
    options.target.kind === "sqlite" && options.target.file !== ":memory:" ? options.target.file : undefined;
  const readers = file ? new SqliteReaders(file) : undefined;
  const readSource = file ? new SqliteReadSource(sqliteOptions(options, file)) : undefined;
  const storage = new TypeOrmDomainStorage(
    dialect,
    dataSource,
    `${options.domain}_migrations`,
    { readers, readSource },
    options.checkNestedTransactions ?? process.env.M3_CHECK_NESTED_TRANSACTIONS === "1",
  );
  storage.untrackPool = trackDatabasePool(options.domain, () => storage.poolStats());
  return storage;
}

/** Attempts at the migrations, for processes started together on one fresh database. */
const MIGRATION_ATTEMPTS = 3;

/**
 * Applies the pending migrations. Two processes started together on one fresh database (two
 * `npm start` on a data directory or a MySQL database) can both find a migration pending; the
 * one that loses fails on a table the other has just created, rolls back (SQLite: all of it),
 * and on its next attempt finds nothing left to do.
 */
async function migrate(dataSource: DataSource, dialect: Dialect): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.runMigrations({ transaction: dialect === "mysql" ? "each" : "all" });
      return;
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS) throw error;
      await retryPause(attempt + 2);
    }
  }
}

function dataSourceOptions(options: DomainStorageOptions): DataSourceOptions {
  const target = options.target;
  if (target.kind === "sqlite") return sqliteOptions(options, target.file);
  if (target.kind === "postgres") {
    return {
      ...commonOptions(options),
      type: "postgres",
      host: target.host,
      port: target.port,
      username: target.user,
      password: target.password,
      database: target.database,
      poolSize: options.poolSize ?? 10,
      driver: postgresDriver,
    };
  }
  return {
    ...commonOptions(options),
    type: "mysql",
    host: target.host,
    port: target.port,
    username: target.user,
    password: target.password,
    database: target.database,
    charset: "utf8mb4_bin",
    timezone: "Z",
    // Strings keep DATETIME(6) microseconds; Instants parse them.
    dateStrings: true,
    supportBigNumbers: true,
    poolSize: options.poolSize ?? 10,
    // No stack captured per query for errors nobody reads: the storage errors say what failed.
    trace: false,
    // mysql2 keeps each connection's prepared statements in an LRU cache it allocates at full
    // size when the connection opens: 16,000 slots by default, ~0.5 MB per pooled connection,
    // which a soak saw as RSS climbing while the pool filled. The hot reads prepare a few dozen.
    extra: { maxPreparedStatements: MAX_PREPARED_STATEMENTS_PER_CONNECTION },
    driver: mysqlDriver,
  };
}

function sqliteOptions(
  options: DomainStorageOptions,
  file: string,
): DataSourceOptions & { type: "better-sqlite3" } {
  return {
    ...commonOptions(options),
    type: "better-sqlite3",
    database: file,
    enableWAL: true,
    timeout: SQLITE_MIGRATION_BUSY_WAIT_MILLIS,
  };
}

function commonOptions(options: DomainStorageOptions) {
  return {
    entities: options.entities,
    migrations: options.migrations[options.target.kind] ?? [],
    migrationsTableName: `${options.domain}_migrations`,
    synchronize: false,
    logging: false,
  } as const;
}

/** Prepared statements a pooled MySQL connection keeps open (the least recently used close first). */
export const MAX_PREPARED_STATEMENTS_PER_CONNECTION = 256;

class TypeOrmDomainStorage implements DomainStorage {
  private readonly sqliteLock = new AsyncMutex();
  /**
   * Set inside a unit of work where it is tracked (see checkNestedTransactions): nested reads on
   * SQLite must not wait for the lock they hold, and a nested transaction fails clearly.
   */
  private readonly insideUnitOfWork: AsyncLocalStorage<boolean> | undefined;
  /** Units of work running in the scope (MySQL runs several at once). */
  private openUnitsOfWork = 0;
  readonly sqliteReaders: SqliteReaders | undefined;
  /** On a SQLite file: the read-only connection of reads outside a unit of work. */
  private readonly readSource: SqliteReadSource | undefined;
  /** Stops the pool's gauges; set once the storage is open. */
  untrackPool: () => void = () => {};

  constructor(
    readonly dialect: Dialect,
    readonly dataSource: DataSource,
    private readonly migrationsTable: string,
    sqliteFile: { readers?: SqliteReaders; readSource?: SqliteReadSource },
    checkNestedTransactions: boolean,
  ) {
    this.sqliteReaders = sqliteFile.readers;
    this.readSource = sqliteFile.readSource;
    this.insideUnitOfWork =
      dialect === "sqlite" || checkNestedTransactions ? new AsyncLocalStorage<boolean>() : undefined;
  }

  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const run = (manager: EntityManager) => work(manager).catch(rethrowTranslated);
    if (this.dialect !== "sqlite") return run(this.dataSource.manager);
    // Inside a unit of work a read sees the unit's uncommitted writes: they are on its connection.
    if (this.readSource === undefined || this.insideUnitOfWork?.getStore()) {
      return this.withSqliteLock(() => run(this.dataSource.manager));
    }
    // A read that writes after all (DDL some repositories run through read(), as MySQL commits DDL
    // itself) is refused by the read-only connection before it changes anything, and runs again
    // on the writer's, as every read did before.
    const onReader = (manager: EntityManager) =>
      work(manager).catch((error: unknown) =>
        isReadOnlyRefusal(error)
          ? this.withSqliteLock(() => run(this.dataSource.manager))
          : rethrowTranslated(error),
      );
    const manager = this.readSource.managerNow();
    return manager ? onReader(manager) : this.readSource.open().then(onReader, rethrowTranslated);
  }

  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const scope = this.insideUnitOfWork;
    if (scope?.getStore()) {
      throw new Error(
        "storage.transaction was called inside another unit of work; pass its EntityManager instead",
      );
    }
    const unit = () =>
      this.dataSource.transaction(async (manager) => {
        if (this.dialect === "sqlite") await this.takeSqliteWriteLock(manager);
        return work(manager);
      });
    const once = scope ? () => this.inUnitOfWorkScope(scope, unit) : unit;
    const run = () => (this.dialect === "sqlite" ? this.withSqliteLock(once) : once());
    let uniqueRetried = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (attempt < MAX_ATTEMPTS && isRetryableStorageError(error)) {
          await retryPause(attempt);
          continue;
        }
        if (!uniqueRetried && isUniqueViolation(error)) {
          uniqueRetried = true;
          continue;
        }
        rethrowTranslated(error);
      }
    }
  }

  async ping(): Promise<void> {
    await this.dataSource.query("SELECT 1");
  }

  poolStats(): PoolStats {
    if (this.dialect === "sqlite") {
      const inUse = this.sqliteLock.held;
      return { max: 1, inUse, idle: 1 - inUse, waiting: this.sqliteLock.waiting };
    }
    if (this.dialect === "postgres")
      return postgresPoolStats((this.dataSource.driver as { master?: unknown }).master);
    return mysqlPoolStats((this.dataSource.driver as { pool?: unknown }).pool);
  }

  /**
   * Takes SQLite's write lock as a transaction's first statement, as BEGIN IMMEDIATE would (TypeORM
   * only begins deferred transactions): other processes on the same file (the workers of
   * M3_WORKERS) then wait for each other here, within the busy timeout, instead of failing with
   * SQLITE_BUSY_SNAPSHOT when a transaction that has read turns to write after another's commit.
   * A write that matches no row takes the lock and changes nothing.
   */
  private async takeSqliteWriteLock(manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE "${this.migrationsTable}" SET "id" = "id" WHERE 0`);
  }

  /**
   * Runs a unit of work inside the scope, and disables the scope once no unit is open: Node 20
   * runs its async hooks on every promise of the process while a scope is enabled (9-13% of the
   * CPU of a one-statement GET), and reads between writes need none. The next unit enables it.
   */
  private async inUnitOfWorkScope<T>(scope: AsyncLocalStorage<boolean>, unit: () => Promise<T>): Promise<T> {
    this.openUnitsOfWork += 1;
    try {
      return await scope.run(true, unit);
    } finally {
      this.openUnitsOfWork -= 1;
      if (this.openUnitsOfWork === 0) scope.disable();
    }
  }

  private withSqliteLock<T>(work: () => Promise<T>): Promise<T> {
    // SQLite has one connection: a read inside a unit of work already runs on it, in order.
    if (this.insideUnitOfWork?.getStore()) return work();
    return this.sqliteLock.run(work);
  }

  async close(): Promise<void> {
    this.untrackPool();
    this.sqliteReaders?.close();
    await this.readSource?.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** 25, 50, 100, … ms (at most 800), with jitter so colliding writers do not collide again. */
function retryPause(attempt: number): Promise<void> {
  const millis = Math.min(800, 25 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, millis));
}

/** The length of one of mysql2's pool queues (private fields: mysql2 has no public pool statistics). */
function queueLength(pool: Record<string, unknown>, field: string): number {
  const length = (pool[field] as { length?: unknown } | undefined)?.length;
  return typeof length === "number" ? length : 0;
}

/** Statistics of TypeORM's mysql2 pool; zeros for what an unknown pool shape does not tell. */
function mysqlPoolStats(pool: unknown): PoolStats {
  const fields = (pool ?? {}) as Record<string, unknown>;
  const limit = (fields.config as { connectionLimit?: unknown } | undefined)?.connectionLimit;
  const open = queueLength(fields, "_allConnections");
  const idle = queueLength(fields, "_freeConnections");
  return {
    max: typeof limit === "number" ? limit : 0,
    inUse: Math.max(open - idle, 0),
    idle,
    waiting: queueLength(fields, "_connectionQueue"),
  };
}

/** Statistics of pg's pool (public counters), zeros for what an unknown pool shape does not tell. */
function postgresPoolStats(pool: unknown): PoolStats {
  const fields = (pool ?? {}) as {
    totalCount?: number;
    idleCount?: number;
    waitingCount?: number;
    options?: { max?: number };
  };
  const open = fields.totalCount ?? 0;
  const idle = fields.idleCount ?? 0;
  return {
    max: fields.options?.max ?? 0,
    inUse: Math.max(open - idle, 0),
    idle,
    waiting: fields.waitingCount ?? 0,
  };
}

function rethrowTranslated(error: unknown): never {
  throw translateStorageError(error);
}
