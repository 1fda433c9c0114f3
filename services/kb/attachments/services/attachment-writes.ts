import type { EntityManager } from "typeorm";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import type { HistoryActionHandler } from "../../contracts/history.js";
import type { KbPartDeps } from "../../contracts/part.js";

/**
 * A write of media, links or references: one transaction that also marks the kb changed, as
 * the concept views that every replica caches show what hangs off each concept.
 */
export function writeAttachments<T>(
  deps: Pick<KbPartDeps, "storage" | "directory">,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return deps.storage.transaction(async (manager) => {
    const result = await work(manager);
    await deps.directory.markTreeChanged(manager);
    return result;
  });
}

/** The history handler, marking the kb changed after each approval or rejection it carries out. */
export function markingChanges(
  directory: ConceptDirectory,
  handler: HistoryActionHandler,
): HistoryActionHandler {
  return {
    field: handler.field,
    approve: async (manager, record) => {
      await handler.approve(manager, record);
      await directory.markTreeChanged(manager);
    },
    reject: async (manager, record) => {
      await handler.reject(manager, record);
      await directory.markTreeChanged(manager);
    },
  };
}
