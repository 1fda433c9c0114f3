import type { EntityManager } from "typeorm";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { ChangeAction, ChangeDataType, ChangeEvent } from "./change-event.js";

/** The changes each open transaction has made so far, by the transaction's manager. */
const openTransactions = new WeakMap<EntityManager, ChangeEvent[]>();

/**
 * Notes, inside a transaction, that it changed these records. The notes are published once the
 * transaction commits and dropped if it rolls back. Outside a storage made by
 * storageRecordingChanges (the importer, tests of a repository) it does nothing.
 */
export function recordChanges(
  manager: EntityManager,
  action: ChangeAction,
  dataType: ChangeDataType,
  uuids: Iterable<string>,
): void {
  const changes = openTransactions.get(manager);
  if (!changes) return;
  for (const uuid of uuids) changes.push({ action, dataType, uuid });
}

/**
 * As recordChanges, for records a write is about to change without knowing their UUIDs (a
 * cascade, a rename): `find` reads them, and runs only while changes are being recorded.
 */
export async function recordChangesFound(
  manager: EntityManager,
  action: ChangeAction,
  dataType: ChangeDataType,
  find: () => Promise<Iterable<string>>,
): Promise<void> {
  if (!openTransactions.has(manager)) return;
  recordChanges(manager, action, dataType, await find());
}

/**
 * The storage with one difference: what a transaction records (recordChanges) goes to `publish`
 * after the commit, in the order recorded; an attempt that fails (a rollback, a deadlock
 * retried) publishes nothing of its own.
 */
export function storageRecordingChanges(
  storage: DomainStorage,
  publish: (changes: readonly ChangeEvent[]) => void,
): DomainStorage {
  return {
    dialect: storage.dialect,
    dataSource: storage.dataSource,
    sqliteReaders: storage.sqliteReaders,
    read: (work) => storage.read(work),
    transaction: async (work) => {
      let changes: ChangeEvent[] = [];
      const result = await storage.transaction(async (manager) => {
        changes = [];
        openTransactions.set(manager, changes);
        try {
          return await work(manager);
        } finally {
          openTransactions.delete(manager);
        }
      });
      publish(changes);
      return result;
    },
    ping: () => storage.ping(),
    poolStats: () => storage.poolStats(),
    close: () => storage.close(),
  };
}
