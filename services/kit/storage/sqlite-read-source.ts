import { DataSource, type DataSourceOptions, type EntityManager } from "typeorm";

/**
 * How long a read waits for a lock on the file: in WAL mode readers wait only while a connection
 * recovers or restarts the log, so this is rare and short (better-sqlite3 waits synchronously).
 */
const READ_BUSY_WAIT_MILLIS = 100;

/**
 * A read-only connection of its own for a SQLite file's reads outside a unit of work. The
 * storage's one writing connection serialises its work behind a lock (a read issued there while
 * a transaction is open would run inside it); in WAL mode a second connection reads beside the
 * writer instead, each statement seeing what was committed when it began, and a read needs
 * neither the lock nor to wait for a long write. Opened with the first read, so a start opens
 * only the connection it migrates with.
 */
export class SqliteReadSource {
  private manager: EntityManager | undefined;
  private opening: Promise<DataSource> | undefined;

  constructor(private readonly options: DataSourceOptions & { type: "better-sqlite3" }) {}

  /** The manager reads run with: at once after the first read, which opens the connection. */
  managerNow(): EntityManager | undefined {
    return this.manager;
  }

  async open(): Promise<EntityManager> {
    this.opening ??= this.initialize().catch((error) => {
      this.opening = undefined;
      throw error;
    });
    return (await this.opening).manager;
  }

  async close(): Promise<void> {
    const dataSource = await this.opening?.catch(() => undefined);
    this.manager = undefined;
    if (dataSource?.isInitialized) await dataSource.destroy();
  }

  private async initialize(): Promise<DataSource> {
    const dataSource = new DataSource({
      ...this.options,
      migrations: [],
      readonly: true,
      fileMustExist: true,
      // The file is in WAL mode already (a persistent setting) and a read-only connection cannot set it.
      enableWAL: false,
      timeout: READ_BUSY_WAIT_MILLIS,
    });
    await dataSource.initialize();
    this.manager = dataSource.manager;
    return dataSource;
  }
}
