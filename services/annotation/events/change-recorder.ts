import type { EntityManager } from "typeorm";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { type Actor, SERVICE_ACTOR } from "../history/services/actor.js";
import { checkMayWrite } from "../history/services/change-permissions.js";
import { TransactionHistory } from "../history/services/transaction-history.js";
import type { ChangeAction, ChangeDataType, ChangeEvent } from "./change-event.js";

/** What an open transaction has changed so far: its change events, and its history. */
interface OpenTransaction {
  changes: ChangeEvent[];
  history: TransactionHistory;
}

/** The open transactions, by the transaction's manager. */
const openTransactions = new WeakMap<EntityManager, OpenTransaction>();

/**
 * Notes, inside a transaction, that it changes these records. The notes are published once the
 * transaction commits and dropped if it rolls back. An update or a delete is noted BEFORE it is
 * written: the record is read as it was, for its history (TransactionHistory); a create after.
 * Outside a storage made by storageRecordingChanges (the importer, tests of a repository) it
 * does nothing.
 */
export async function recordChanges(
  manager: EntityManager,
  action: ChangeAction,
  dataType: ChangeDataType,
  uuids: Iterable<string>,
): Promise<void> {
  const open = openTransactions.get(manager);
  if (!open) return;
  const listed = [...uuids];
  for (const uuid of listed) open.changes.push({ action, dataType, uuid });
  await open.history.note(manager, action, dataType, listed);
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
  await recordChanges(manager, action, dataType, await find());
}

/** A storage whose transactions record their changes, on behalf of the service or of an actor. */
export interface RecordingStorage extends DomainStorage {
  /** The same storage, its transactions made on behalf of `actor` (a call's user). */
  actingFor(actor: Actor): DomainStorage;
}

export function isRecordingStorage(storage: DomainStorage): storage is RecordingStorage {
  return typeof (storage as Partial<RecordingStorage>).actingFor === "function";
}

/**
 * The storage with these differences: what a transaction records (recordChanges) goes into
 * annotation_history before it commits, once its actor is found allowed to change those records
 * (a user whose role may not write is refused before the transaction opens); and to `publish`
 * after the commit, in the order recorded. An attempt that fails (a refusal, a rollback, a
 * deadlock retried) publishes and keeps nothing of its own. Its own transactions are the
 * service's; `actingFor` gives those of a user.
 */
export function storageRecordingChanges(
  storage: DomainStorage,
  publish: (changes: readonly ChangeEvent[]) => void,
): RecordingStorage {
  const recording = (actor: Actor): DomainStorage => ({
    dialect: storage.dialect,
    dataSource: storage.dataSource,
    sqliteReaders: storage.sqliteReaders,
    read: (work) => storage.read(work),
    transaction: async (work) => {
      checkMayWrite(actor);
      let changes: ChangeEvent[] = [];
      const result = await storage.transaction(async (manager) => {
        const open: OpenTransaction = { changes: [], history: new TransactionHistory(actor) };
        changes = open.changes;
        openTransactions.set(manager, open);
        try {
          const value = await work(manager);
          await open.history.write(manager);
          return value;
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
  });
  return { ...recording(SERVICE_ACTOR), actingFor: recording };
}
