import type { EntityManager } from "typeorm";
import type { Dialect, DomainStorage } from "../../../../../services/kit/storage/domain-storage.js";
import { isPrivilegeRefusal } from "../../../../../services/kit/storage/storage-errors.js";
import { mysqlSetAside } from "./mysql-set-aside.js";
import { postgresSetAside } from "./postgres-set-aside.js";
import { foreignKeyColumns, nothingSetAside, type SetAsideDefinitions } from "./set-aside-definitions.js";
import { sqliteSetAside } from "./sqlite-set-aside.js";

/**
 * The import's record of what it took off its tables, in each target database, so that a run
 * interrupted while a table loads leaves the next run the statements to make them again. Like
 * m3_import_runs it belongs to the import tool, is created when first written, in SQL every
 * engine takes, and a backup does not carry it.
 */
export const SET_ASIDE_TABLE = "m3_import_set_aside";

type Kind = "index" | "foreign key";

type DefinitionsReader = (
  manager: EntityManager,
  table: string,
  lookedUp: readonly string[],
) => Promise<SetAsideDefinitions>;

const DEFINITIONS: Record<Dialect, DefinitionsReader> = {
  mysql: mysqlSetAside,
  postgres: postgresSetAside,
  sqlite: sqliteSetAside,
};

/** Rows of a table whose parent row is not in m3 (its source row could not be placed), deleted before its foreign key is added back. */
export interface OrphanRows {
  table: string;
  column: string;
  parentTable: string;
  rows: number;
}

/**
 * Sets a table's plain indexes and foreign keys aside while the import loads it empty, and makes
 * them again after (see SetAsideDefinitions): what is taken off is recorded first, and each put
 * back removes its record, so the import's start puts back whatever an interrupted run left off.
 */
export class SetAsideIndexesRepository {
  constructor(private readonly storage: DomainStorage) {}

  /**
   * Takes off the table's plain indexes and foreign keys, but for the indexes that lead with a
   * column the load looks rows up by (`lookedUp`); false when there is nothing to take off, or
   * when the database user may not change tables (the load then keeps them).
   */
  async setAside(table: string, lookedUp: readonly string[] = []): Promise<boolean> {
    const definitions = await this.storage.transaction((manager) =>
      DEFINITIONS[this.storage.dialect](manager, table, lookedUp),
    );
    if (nothingSetAside(definitions)) return false;
    const records: [Kind, string][] = [
      ...definitions.indexes.map((statement): [Kind, string] => ["index", statement]),
      ...definitions.foreignKeys.map((statement): [Kind, string] => ["foreign key", statement]),
    ];
    await this.storage.transaction(async (manager) => {
      await manager.query(
        `CREATE TABLE IF NOT EXISTS ${SET_ASIDE_TABLE} (
           table_name VARCHAR(64) NOT NULL,
           position INTEGER NOT NULL,
           kind VARCHAR(16) NOT NULL,
           statement TEXT NOT NULL,
           PRIMARY KEY (table_name, position)
         )`,
      );
      await manager.query(`DELETE FROM ${SET_ASIDE_TABLE} WHERE table_name = ?`, [table]);
      for (const [position, [kind, statement]] of records.entries()) {
        await manager.query(
          `INSERT INTO ${SET_ASIDE_TABLE} (table_name, position, kind, statement) VALUES (?, ?, ?, ?)`,
          [table, position, kind, statement],
        );
      }
    });
    try {
      await this.storage.transaction(async (manager) => {
        for (const statement of definitions.drops) await manager.query(statement);
      });
    } catch (error) {
      if (!isPrivilegeRefusal(error)) throw error;
      await this.storage.transaction((manager) =>
        manager.query(`DELETE FROM ${SET_ASIDE_TABLE} WHERE table_name = ?`, [table]),
      );
      return false;
    }
    return true;
  }

  /**
   * Makes again what was set aside from `table`, or from every table when none is named (what an
   * interrupted run left): the indexes, then each foreign key, once the rows whose parent is
   * missing are deleted (they are returned, for the report).
   */
  async putBack(table?: string): Promise<OrphanRows[]> {
    const records = await this.records(table);
    const orphans: OrphanRows[] = [];
    for (const record of records) {
      if (record.kind === "index")
        await this.storage.transaction((manager) => manager.query(record.statement));
      else {
        const deleted = await this.addForeignKey(record.table_name, record.statement);
        if (deleted) orphans.push(deleted);
      }
      await this.storage.transaction((manager) =>
        manager.query(`DELETE FROM ${SET_ASIDE_TABLE} WHERE table_name = ? AND position = ?`, [
          record.table_name,
          record.position,
        ]),
      );
    }
    return orphans;
  }

  private async records(
    table: string | undefined,
  ): Promise<{ table_name: string; position: number; kind: Kind; statement: string }[]> {
    try {
      return await this.storage.read((manager) =>
        manager.query(
          `SELECT table_name, position, kind, statement FROM ${SET_ASIDE_TABLE}
           ${table === undefined ? "" : "WHERE table_name = ?"} ORDER BY table_name, position`,
          table === undefined ? [] : [table],
        ),
      );
    } catch (error) {
      if (await this.recordExists()) throw error;
      return [];
    }
  }

  private async recordExists(): Promise<boolean> {
    return this.storage
      .read((manager) => manager.query(`SELECT 1 FROM ${SET_ASIDE_TABLE} LIMIT 1`))
      .then(() => true)
      .catch(() => false);
  }

  /**
   * Deletes the table's rows whose parent is missing, then adds the foreign key: on MySQL without
   * checking it again (a check there copies the whole table), elsewhere checked by the engine.
   */
  private async addForeignKey(table: string, statement: string): Promise<OrphanRows | undefined> {
    const columns = foreignKeyColumns(statement);
    let orphans: OrphanRows | undefined;
    if (columns) {
      const missingParent = `${table} WHERE ${columns.column} IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM ${columns.parentTable} WHERE ${columns.parentTable}.${columns.parentColumn} = ${table}.${columns.column})`;
      const [counted]: { count: number | string }[] = await this.storage.read((manager) =>
        manager.query(`SELECT COUNT(*) AS count FROM ${missingParent}`),
      );
      const rows = Number(counted?.count ?? 0);
      if (rows > 0) {
        await this.storage.transaction((manager) => manager.query(`DELETE FROM ${missingParent}`));
        orphans = { table, column: columns.column, parentTable: columns.parentTable, rows };
      }
    }
    await this.storage.transaction(async (manager) => {
      const unchecked = this.storage.dialect === "mysql" && columns !== undefined;
      if (unchecked) await manager.query("SET SESSION foreign_key_checks = 0");
      try {
        await manager.query(statement);
      } finally {
        if (unchecked) await manager.query("SET SESSION foreign_key_checks = 1");
      }
    });
    return orphans;
  }
}
