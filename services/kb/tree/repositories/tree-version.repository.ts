import type { EntityManager } from "typeorm";
import { selectRows } from "../../../kit/storage/select-rows.js";

/**
 * The counter in `kb_tree_version`: every write of the kb's concepts, names and attachments
 * bumps it in its own transaction, and the in-memory caches (the phylogeny tree, the concept
 * views) compare it before answering, so a write on any replica is seen by the next read.
 */
export async function bumpTreeVersion(manager: EntityManager): Promise<void> {
  await manager.query("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
}

/** The current count; 0 before the first write. Every cached kb read runs it: a hot read. */
export async function readTreeVersion(manager: EntityManager): Promise<number> {
  const rows = await selectRows<{ version: number | string }>(
    manager,
    "SELECT version FROM kb_tree_version WHERE id = ?",
    [1],
  );
  return rows[0] ? Number(rows[0].version) : 0;
}
