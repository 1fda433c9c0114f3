import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { ConceptDirectory } from "../../contracts/concept-directory.js";
import { HISTORY_FIELDS, type HistoryActionHandler, type HistoryRecord } from "../../contracts/history.js";
import { treeRepositories } from "../repositories/tree-repositories.js";
import { deleteBranch, isInBranch } from "./branch.js";
import { isPrimary, PRIMARY } from "./name-type.rules.js";
import { parseRankHistoryValue } from "./rank.rules.js";

type Action = (manager: EntityManager, record: HistoryRecord) => Promise<void>;

const markOnly: Action = async () => {};

function unableToProcess(record: HistoryRecord): never {
  throw DomainError.failedPrecondition("UNPROCESSABLE_HISTORY", "Unable to process history", {
    id: String(record.id),
  });
}

/**
 * What approving and rejecting the tree's history records does. Changes were applied when
 * made, so approve confirms and reject reverts; a deferred DELETE is carried out on approve.
 * A record whose target has since gone is processed without further change.
 */
export function treeHistoryHandlers(directory: ConceptDirectory): HistoryActionHandler[] {
  const byAction = (
    field: string,
    actions: Partial<Record<HistoryRecord["action"], { approve: Action; reject: Action }>>,
  ): HistoryActionHandler => ({
    field,
    approve: (manager, record) =>
      (actions[record.action] ?? unableToProcess(record)).approve(manager, record),
    reject: (manager, record) => (actions[record.action] ?? unableToProcess(record)).reject(manager, record),
  });

  const deleteChildNamed =
    (value: (record: HistoryRecord) => string | undefined): Action =>
    async (manager, record) => {
      const child = await findByName(manager, value(record));
      const concept = child ? await treeRepositories(manager).concepts.byId(child.id) : null;
      if (concept?.parentId === record.conceptId) await deleteBranch(manager, directory, concept.id);
    };

  const changed = (manager: EntityManager) => directory.markTreeChanged(manager);

  return [
    byAction(HISTORY_FIELDS.conceptChild, {
      ADD: { approve: markOnly, reject: deleteChildNamed((record) => record.newValue) },
      DELETE: { approve: deleteChildNamed((record) => record.oldValue), reject: markOnly },
    }),
    byAction(HISTORY_FIELDS.conceptParent, {
      REPLACE: {
        approve: markOnly,
        reject: async (manager, record) => {
          const formerParent = await findByName(manager, record.oldValue);
          if (!formerParent || (await isInBranch(manager, record.conceptId, formerParent.id))) return;
          await treeRepositories(manager).concepts.update(record.conceptId, { parentId: formerParent.id });
          await changed(manager);
        },
      },
    }),
    byAction(HISTORY_FIELDS.rank, {
      REPLACE: {
        approve: markOnly,
        reject: async (manager, record) => {
          const rank = parseRankHistoryValue(record.oldValue);
          await treeRepositories(manager).concepts.update(record.conceptId, {
            rankLevel: rank.rankLevel ?? null,
            rankName: rank.rankName ?? null,
          });
          await changed(manager);
        },
      },
    }),
    byAction(HISTORY_FIELDS.conceptName, {
      ADD: { approve: markOnly, reject: rejectAddedName(changed) },
      DELETE: {
        approve: async (manager, record) => {
          const { names } = treeRepositories(manager);
          const row = record.oldValue === undefined ? null : await names.byName(record.oldValue);
          if (!row || row.conceptId !== record.conceptId || isPrimary(row.nameType)) return;
          await names.delete(row.id);
          await changed(manager);
        },
        reject: markOnly,
      },
      REPLACE: {
        approve: markOnly,
        reject: async (manager, record) => {
          const { names } = treeRepositories(manager);
          const row = record.newValue === undefined ? null : await names.byName(record.newValue);
          if (!row || record.oldValue === undefined || (await names.byName(record.oldValue))) return;
          await names.update(row.id, { name: record.oldValue });
          await changed(manager);
        },
      },
    }),
  ];
}

/** Removes the added name; when it was a new primary, the old primary (now former) is primary again. */
function rejectAddedName(changed: (manager: EntityManager) => Promise<void>): Action {
  return async (manager, record) => {
    const { names } = treeRepositories(manager);
    const added = record.newValue === undefined ? null : await names.byName(record.newValue);
    if (added && added.conceptId === record.conceptId) await names.delete(added.id);
    const oldPrimary = record.oldValue === undefined ? null : await names.byName(record.oldValue);
    if (added && isPrimary(added.nameType) && oldPrimary && oldPrimary.conceptId === record.conceptId) {
      await names.update(oldPrimary.id, { nameType: PRIMARY });
    }
    await changed(manager);
  };
}

async function findByName(manager: EntityManager, name: string | undefined) {
  if (name === undefined) return undefined;
  const row = await treeRepositories(manager).names.byName(name);
  return row ? { id: row.conceptId } : undefined;
}
