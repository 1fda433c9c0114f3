import type { Dialect, DomainStorage } from "../../../kit/storage/domain-storage.js";
import { isPrivilegeRefusal } from "../../../kit/storage/storage-errors.js";
import { dropTriggerStatements } from "../../query/repositories/histogram-count-dialects.sql.js";
import { missingTriggers } from "../../query/repositories/histogram-count-triggers.repository.js";
import { BOX_INDEX_TABLE, boxIndexRebuild, boxIndexTriggerNames, boxIndexTriggers } from "./box-index.sql.js";
import { BOX_LINK_NAME } from "./box-value.sql.js";

/** Runs one statement: a migration's QueryRunner or a storage's EntityManager. */
export type RunStatement = (sql: string) => Promise<unknown>;

/** What a rebuild found: boxes indexed, and `bounding box` associations whose value is not a box. */
export interface BoxIndexCounts {
  indexed: number;
  notBoxes: number;
}

/**
 * Makes every trigger of the box index, or none: a MySQL user refused CREATE TRIGGER (no
 * TRIGGER privilege, or a binary log without SUPER) gets the refusal back, the triggers made
 * before it dropped again. Other failures drop them too, and are thrown; PostgreSQL's
 * transactional DDL takes them back itself.
 */
export async function createBoxIndexTriggers(
  run: RunStatement,
  dialect: Dialect,
): Promise<unknown | undefined> {
  const names = boxIndexTriggerNames(dialect);
  try {
    for (const trigger of names) for (const sql of dropTriggerStatements(dialect, trigger)) await run(sql);
    for (const sql of boxIndexTriggers(dialect)) await run(sql);
    return undefined;
  } catch (error) {
    if (dialect === "postgres") throw error;
    for (const trigger of names) {
      for (const sql of dropTriggerStatements(dialect, trigger)) await run(sql).catch(() => undefined);
    }
    if (isPrivilegeRefusal(error)) return error;
    throw error;
  }
}

/** The box index's upkeep: whether its triggers are there, making them, rebuilding its rows. */
export class BoxIndexRepository {
  constructor(private readonly storage: DomainStorage) {}

  /** The names of the box index's triggers the database lacks (none when it keeps the index). */
  missingTriggers(): Promise<string[]> {
    return missingTriggers(this.storage, boxIndexTriggerNames(this.storage.dialect));
  }

  /** Makes the triggers again (MySQL commits DDL itself: there outside a transaction); a privilege refusal is returned. */
  createTriggers(): Promise<unknown | undefined> {
    const dialect = this.storage.dialect;
    const unit: DomainStorage["read"] =
      dialect === "mysql" ? (work) => this.storage.read(work) : (work) => this.storage.transaction(work);
    return unit((manager) => createBoxIndexTriggers((sql) => manager.query(sql), dialect));
  }

  /** Drops the triggers, for a bulk load that rebuilds the index once at its end (createTriggers and rebuild put it back). */
  setAside(): Promise<void> {
    const dialect = this.storage.dialect;
    const unit: DomainStorage["read"] =
      dialect === "mysql" ? (work) => this.storage.read(work) : (work) => this.storage.transaction(work);
    return unit(async (manager) => {
      for (const trigger of boxIndexTriggerNames(dialect)) {
        for (const sql of dropTriggerStatements(dialect, trigger)) await manager.query(sql);
      }
    });
  }

  /** Rebuilds every row of the index in one transaction, and counts what it kept and left out. */
  rebuild(): Promise<BoxIndexCounts> {
    return this.storage.transaction(async (manager) => {
      for (const sql of boxIndexRebuild(this.storage.dialect)) await manager.query(sql);
      return countBoxes((sql, parameters) => manager.query(sql, parameters));
    });
  }

  /** The boxes indexed and the `bounding box` associations left out as not boxes, now. */
  counts(): Promise<BoxIndexCounts> {
    return this.storage.read((manager) => countBoxes((sql, parameters) => manager.query(sql, parameters)));
  }
}

async function countBoxes(
  query: (sql: string, parameters: unknown[]) => Promise<unknown>,
): Promise<BoxIndexCounts> {
  const [indexed] = (await query(`SELECT COUNT(*) AS n FROM ${BOX_INDEX_TABLE}`, [])) as { n: unknown }[];
  const [linked] = (await query("SELECT COUNT(*) AS n FROM associations WHERE link_name = ?", [
    BOX_LINK_NAME,
  ])) as {
    n: unknown;
  }[];
  const boxes = Number(indexed?.n ?? 0);
  return { indexed: boxes, notBoxes: Number(linked?.n ?? 0) - boxes };
}
