import type { EntityManager } from "typeorm";
import { orderTerm } from "../../kit/sql/null-order.js";
import { readTreeVersion } from "../tree/repositories/tree-version.repository.js";

/** One name of one concept, with the concept's place and rank (a concept without names has one row of nulls). */
export interface TreeRow {
  conceptId: number;
  parentId: number | undefined;
  rankLevel: string | undefined;
  rankName: string | undefined;
  name: string | undefined;
  nameType: string | undefined;
}

interface RawTreeRow {
  concept_id: number | string;
  parent_id: number | string | null;
  rank_level: string | null;
  rank_name: string | null;
  name: string | null;
  name_type: string | null;
}

/** The phylogeny cache's two reads: the tree version (cheap, before every answer) and the whole tree. */
export class PhylogenyRepository {
  /** The counter every tree write bumps; 0 before the first write. */
  treeVersion(manager: EntityManager): Promise<number> {
    return readTreeVersion(manager);
  }

  /** Every concept with every name, in one join; the nameless concepts first, on every engine. */
  async treeRows(manager: EntityManager): Promise<TreeRow[]> {
    const rows: RawTreeRow[] = await manager.query(
      `SELECT c.id AS concept_id, c.parent_id, c.rank_level, c.rank_name, n.name, n.name_type
       FROM concepts c LEFT JOIN concept_names n ON n.concept_id = c.id
       ORDER BY ${orderTerm(manager, "n.id")}`,
    );
    return rows.map((row) => ({
      conceptId: Number(row.concept_id),
      parentId: row.parent_id === null ? undefined : Number(row.parent_id),
      rankLevel: row.rank_level ?? undefined,
      rankName: row.rank_name ?? undefined,
      name: row.name ?? undefined,
      nameType: row.name_type ?? undefined,
    }));
  }
}
