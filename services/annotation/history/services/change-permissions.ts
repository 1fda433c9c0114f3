import { DomainError } from "../../../kit/errors/domain-error.js";
import type { RecordSnapshot } from "../repositories/record-snapshots.repository.js";
import type { Actor } from "./actor.js";

/** One record's change within a transaction, as the permissions see it. */
export interface RecordChange {
  dataType: string;
  uuid: string;
  before: RecordSnapshot | null;
  after: RecordSnapshot | null;
}

/**
 * Refuses, before anything is written, a write by a user whose role may not write annotations:
 * ReadOnly, or a token whose role m3 does not know. The API key's service token may write.
 */
export function checkMayWrite(actor: Actor): void {
  if (actor.kind === "service") return;
  if (actor.role === undefined || actor.role === "ReadOnly") {
    throw DomainError.permissionDenied(
      `${actor.name} (${actor.role ?? "no known role"}) may not change annotations: it needs the Annotator, Maint or Admin role`,
    );
  }
}

/**
 * Refuses the transaction's changes when an Annotator changed another's annotation: an
 * observation whose observer (before or after the change) is not theirs, or an association of
 * such an observation. Image references and ancillary data belong to the imaged moment, which
 * every annotator on it shares, and are not checked. Maint, Admin and the service may change all.
 * `observerOf` gives the observer of an observation the transaction did not change.
 */
export function checkMayChange(
  actor: Actor,
  changes: readonly RecordChange[],
  observerOf: (observationUuid: string) => string | null | undefined,
): void {
  if (actor.kind === "service" || actor.role !== "Annotator") return;
  const observers = new Map<string, string | null>();
  for (const change of changes) {
    if (change.dataType !== "OBSERVATION") continue;
    const latest = change.after ?? change.before;
    observers.set(change.uuid, (latest?.observer as string | null) ?? null);
  }
  const owner = (uuid: string) => (observers.has(uuid) ? observers.get(uuid) : observerOf(uuid));
  for (const change of changes) {
    for (const snapshot of [change.before, change.after]) {
      if (snapshot === null) continue;
      const observation =
        change.dataType === "OBSERVATION"
          ? { uuid: change.uuid, observer: snapshot.observer as string | null }
          : change.dataType === "ASSOCIATION"
            ? {
                uuid: snapshot.observation_uuid as string,
                observer: owner(snapshot.observation_uuid as string),
              }
            : undefined;
      if (observation === undefined || observation.observer === undefined) continue;
      if (observation.observer !== actor.name) {
        throw DomainError.permissionDenied(
          `${actor.name} (Annotator) may change only their own annotations: observation ${observation.uuid} is ${observation.observer ?? "nobody"}'s`,
        );
      }
    }
  }
}

/** The observations whose observer checkMayChange needs and the transaction does not hold. */
export function observationsToLookUp(actor: Actor, changes: readonly RecordChange[]): string[] {
  if (actor.kind === "service" || actor.role !== "Annotator") return [];
  const held = new Set(changes.filter((change) => change.dataType === "OBSERVATION").map((c) => c.uuid));
  const wanted = new Set<string>();
  for (const change of changes) {
    if (change.dataType !== "ASSOCIATION") continue;
    for (const snapshot of [change.before, change.after]) {
      const uuid = snapshot?.observation_uuid;
      if (typeof uuid === "string" && !held.has(uuid)) wanted.add(uuid);
    }
  }
  return [...wanted];
}
