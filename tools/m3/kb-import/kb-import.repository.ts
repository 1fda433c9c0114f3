import type { EntityManager } from "typeorm";
import { KB_TABLES } from "../../../services/kb/kb-tables.js";
import { identityCatchUpSql } from "../../../services/kit/sql/identity-sequence.js";
import { placeholders } from "../../../services/kit/sql/placeholders.js";
import {
  columnNames,
  kindOf,
  type RowValues,
  type TableShape,
  valuesInOrder,
} from "../../../services/kit/storage/table-catalogue.js";

/**
 * The tables the import fills, with their columns in insert order: the kb catalogue's (never
 * from input). The import numbers the concepts itself, so names can refer to them; the database
 * numbers the other rows.
 */
const TABLES = {
  concepts: columnNames(KB_TABLES.concepts),
  concept_names: numberedByDatabase(KB_TABLES.concept_names),
  concept_media: numberedByDatabase(KB_TABLES.concept_media),
  link_templates: numberedByDatabase(KB_TABLES.link_templates),
  link_realizations: numberedByDatabase(KB_TABLES.link_realizations),
};

function numberedByDatabase(shape: TableShape): string[] {
  return Object.entries(shape.columns)
    .filter(([, type]) => kindOf(type) !== "serial")
    .map(([column]) => column);
}

export type ImportTable = keyof typeof TABLES;
export type SqlValue = string | number | null;

/** A row's values by column name (the database numbers the rows but the concepts). */
export type ImportValues<T extends ImportTable> = RowValues<(typeof KB_TABLES)[T], SqlValue>;

/** A row of a table the import fills, from its values by column name, in insert order. */
export function importRow<T extends ImportTable>(table: T, values: ImportValues<T>): SqlValue[] {
  return valuesInOrder(TABLES[table], values);
}

/** Rows per INSERT: a few thousand keeps every statement under each driver's placeholder limit (PostgreSQL's is 65,535). */
export const ROWS_PER_STATEMENT = 2000;

/** The import's SQL: set-based inserts into an empty kb, in the caller's transaction. */
export class KbImportRepository {
  /** True when the kb already has a root concept (then it is not empty and is left alone). */
  async hasRoot(manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query("SELECT id FROM concepts WHERE parent_id IS NULL LIMIT 1");
    return rows.length > 0;
  }

  /** The first free concept id (the import assigns concept ids itself so names can refer to them). */
  async nextConceptId(manager: EntityManager): Promise<number> {
    const rows: { highest: number | string | null }[] = await manager.query(
      "SELECT MAX(id) AS highest FROM concepts",
    );
    return Number(rows[0]?.highest ?? 0) + 1;
  }

  /** Inserts up to ROWS_PER_STATEMENT rows in one statement; each row has the table's columns in order. */
  async insert(
    manager: EntityManager,
    table: ImportTable,
    rows: readonly (readonly SqlValue[])[],
  ): Promise<void> {
    if (rows.length === 0) return;
    if (rows.length > ROWS_PER_STATEMENT)
      throw new Error(`insert: at most ${ROWS_PER_STATEMENT} rows at once`);
    const columns = TABLES[table];
    const tuple = `(${placeholders(columns.length)})`;
    const values: SqlValue[] = [];
    for (const row of rows) {
      if (row.length !== columns.length)
        throw new Error(`insert: a ${table} row needs ${columns.length} values`);
      values.push(...row);
    }
    await manager.query(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${rows.map(() => tuple).join(", ")}`,
      values,
    );
  }

  /** Moves the concepts' id sequence past the ids the import gave them (PostgreSQL; the others follow). */
  async catchUpConceptIds(manager: EntityManager): Promise<void> {
    const sql = identityCatchUpSql(manager, "concepts");
    if (sql) await manager.query(sql);
  }

  /** Tells every phylogeny cache that the tree changed (the tree's migration creates the row). */
  async bumpTreeVersion(manager: EntityManager): Promise<void> {
    await manager.query("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
  }
}
