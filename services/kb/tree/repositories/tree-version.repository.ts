import type { EntityManager } from "typeorm";

/** The counter in `kb_tree_version` that phylogeny caches compare before answering. */
export async function bumpTreeVersion(manager: EntityManager): Promise<void> {
  await manager.query("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
}
