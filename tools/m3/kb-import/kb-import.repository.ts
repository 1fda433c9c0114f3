import type { EntityManager } from "typeorm";
import { placeholders } from "../../../services/kit/sql/placeholders.js";

/** The tables the import fills, with their columns in insert order (fixed here, never from input). */
const TABLES = {
  concepts: ["id", "parent_id", "rank_level", "rank_name", "aphia_id", "last_updated_time"],
  concept_names: ["concept_id", "name", "name_type", "author", "last_updated_time"],
  concept_media: ["concept_id", "url", "media_type", "is_primary", "caption", "credit", "last_updated_time"],
  link_templates: ["concept_id", "link_name", "to_concept", "link_value", "last_updated_time"],
  link_realizations: ["concept_id", "link_name", "to_concept", "link_value", "last_updated_time"],
} as const;

export type ImportTable = keyof typeof TABLES;
export type SqlValue = string | number | null;

/** Rows per INSERT: a few thousand keeps every statement under both drivers' placeholder limits. */
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

  /** Tells every phylogeny cache that the tree changed (the tree's migration creates the row). */
  async bumpTreeVersion(manager: EntityManager): Promise<void> {
    await manager.query("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
  }
}
