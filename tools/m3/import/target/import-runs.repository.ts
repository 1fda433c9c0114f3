import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";

/**
 * The import's own record, in each target database: which source was imported into which
 * domain, and when each run started and finished (m3's instant form, UTC). The merge compares
 * last-updated times with the previous run's start to tell conflicts. It belongs to the import
 * tool, not to a domain (no service reads it), so the import creates it when it first writes,
 * in SQL every engine takes; a backup does not carry it.
 */
export const IMPORT_RUNS_TABLE = "m3_import_runs";

export interface ImportRun {
  source: string;
  domain: string;
  startedAt: string;
  /** Empty while the run is under way, or when it was interrupted. */
  finishedAt: string;
}

export class ImportRunsRepository {
  constructor(private readonly storage: DomainStorage) {}

  /** The latest run from this source into this domain (finished or interrupted), if any. */
  async previous(source: string, domain: string): Promise<ImportRun | undefined> {
    if (!(await this.exists())) return undefined;
    const rows: { started_at: string; finished_at: string }[] = await this.storage.read((manager) =>
      manager.query(
        `SELECT started_at, finished_at FROM ${IMPORT_RUNS_TABLE}
         WHERE source = ? AND domain = ? ORDER BY started_at DESC LIMIT 1`,
        [source, domain],
      ),
    );
    const row = rows[0];
    return row && { source, domain, startedAt: row.started_at, finishedAt: row.finished_at };
  }

  /** Records a run as started, before it writes (so an interrupted run is known to the next). */
  async begin(run: Omit<ImportRun, "finishedAt">): Promise<void> {
    await this.storage.transaction(async (manager) => {
      await manager.query(
        `CREATE TABLE IF NOT EXISTS ${IMPORT_RUNS_TABLE} (
           source VARCHAR(512) NOT NULL,
           domain VARCHAR(32) NOT NULL,
           started_at VARCHAR(26) NOT NULL,
           finished_at VARCHAR(26) NOT NULL,
           PRIMARY KEY (source, domain, started_at)
         )`,
      );
      await manager.query(
        `INSERT INTO ${IMPORT_RUNS_TABLE} (source, domain, started_at, finished_at) VALUES (?, ?, ?, ?)`,
        [run.source, run.domain, run.startedAt, ""],
      );
    });
  }

  async finish(run: ImportRun): Promise<void> {
    await this.storage.transaction((manager) =>
      manager.query(
        `UPDATE ${IMPORT_RUNS_TABLE} SET finished_at = ? WHERE source = ? AND domain = ? AND started_at = ?`,
        [run.finishedAt, run.source, run.domain, run.startedAt],
      ),
    );
  }

  private async exists(): Promise<boolean> {
    try {
      await this.storage.read((manager) => manager.query(`SELECT 1 FROM ${IMPORT_RUNS_TABLE} LIMIT 1`));
      return true;
    } catch {
      return false;
    }
  }
}
