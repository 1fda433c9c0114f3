import type { EntityManager } from "typeorm";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import { Instant } from "../../../kit/time/instant.js";
import type { AnnotationHistoryEntity } from "../../entities/annotation-history.entity.js";
import type { ChangeAction, ChangeDataType } from "../../events/change-event.js";
import { AnnotationHistoryRepository } from "../repositories/annotation-history.repository.js";
import {
  type RecordSnapshot,
  RecordSnapshotsRepository,
} from "../repositories/record-snapshots.repository.js";
import { type Actor, recordedName } from "./actor.js";
import { checkMayChange, observationsToLookUp, type RecordChange } from "./change-permissions.js";

/** A record the transaction changes, and how it was before (null: it did not exist). */
interface Noted {
  dataType: ChangeDataType;
  uuid: string;
  before: RecordSnapshot | null;
}

/**
 * The history one write transaction leaves: each record it notes (through recordChanges) is
 * read as it was when first noted, which the repositories do before they update or delete it,
 * and as it is at the end; one row per record then goes into annotation_history in the same
 * transaction. A record created and deleted within it, or left as it was, leaves no row.
 */
export class TransactionHistory {
  private readonly noted = new Map<string, Noted>();

  constructor(private readonly actor: Actor) {}

  async note(
    manager: EntityManager,
    action: ChangeAction,
    dataType: ChangeDataType,
    uuids: readonly string[],
  ): Promise<void> {
    const fresh = [...new Set(uuids)].filter((uuid) => !this.noted.has(keyOf(dataType, uuid)));
    if (fresh.length === 0) return;
    const befores =
      action === "CREATED" ? new Map() : await new RecordSnapshotsRepository(manager).read(dataType, fresh);
    for (const uuid of fresh) {
      this.noted.set(keyOf(dataType, uuid), { dataType, uuid, before: befores.get(uuid) ?? null });
    }
  }

  /** Checks the actor may make these changes (else throws, and the transaction rolls back), then writes the rows. */
  async write(manager: EntityManager): Promise<void> {
    if (this.noted.size === 0) return;
    const snapshots = new RecordSnapshotsRepository(manager);
    const afters = new Map<ChangeDataType, Map<string, RecordSnapshot>>();
    for (const [dataType, uuids] of groupByType([...this.noted.values()])) {
      afters.set(dataType, await snapshots.read(dataType, uuids));
    }
    const changes: RecordChange[] = [];
    for (const noted of this.noted.values()) {
      const after = afters.get(noted.dataType)?.get(noted.uuid) ?? null;
      if (sameRecord(noted.before, after)) continue;
      changes.push({ dataType: noted.dataType, uuid: noted.uuid, before: noted.before, after });
    }
    const lookUp = observationsToLookUp(this.actor, changes);
    const observers = lookUp.length > 0 ? await snapshots.observers(lookUp) : new Map();
    checkMayChange(this.actor, changes, (uuid) => observers.get(uuid));
    const changedAt = Instant.now();
    const changedBy = recordedName(this.actor);
    // Ascending UUIDs in the order noted: the order of changes that share their time.
    const uuids = changes.map(() => uuidV7(changedAt.epochMillis)).sort();
    await new AnnotationHistoryRepository(manager).append(
      changes.map((change, index) => historyRow(change, uuids[index] as string, changedAt, changedBy)),
    );
  }
}

function historyRow(
  change: RecordChange,
  uuid: string,
  changedAt: Instant,
  changedBy: string | null,
): AnnotationHistoryEntity {
  const latest = (change.after ?? change.before) as RecordSnapshot;
  const action: ChangeAction =
    change.before === null ? "CREATED" : change.after === null ? "DELETED" : "UPDATED";
  return {
    uuid,
    changedAt,
    changedBy,
    action,
    dataType: change.dataType,
    recordUuid: change.uuid,
    observationUuid:
      change.dataType === "OBSERVATION"
        ? change.uuid
        : ((latest.observation_uuid as string | undefined) ?? null),
    imagedMomentUuid: (latest.imaged_moment_uuid as string | undefined) ?? null,
    beforeJson: change.before === null ? null : JSON.stringify(change.before),
    afterJson: change.after === null ? null : JSON.stringify(change.after),
  };
}

function sameRecord(before: RecordSnapshot | null, after: RecordSnapshot | null): boolean {
  if (before === null || after === null) return before === after;
  return JSON.stringify(before) === JSON.stringify(after);
}

function groupByType(noted: readonly Noted[]): Map<ChangeDataType, string[]> {
  const groups = new Map<ChangeDataType, string[]>();
  for (const { dataType, uuid } of noted) {
    const group = groups.get(dataType);
    if (group) group.push(uuid);
    else groups.set(dataType, [uuid]);
  }
  return groups;
}

function keyOf(dataType: ChangeDataType, uuid: string): string {
  return `${dataType}:${uuid}`;
}
