import type { EntityManager } from "typeorm";
import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import { uuidV7 } from "../../../kit/ids/uuid.js";
import { checkLength, requireUuid } from "../../../kit/input/field-rules.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { AssociationEntity } from "../../entities/association.entity.js";
import { AssociationRepository } from "../../observations/repositories/association.repository.js";
import { ObservationRepository } from "../../observations/repositories/observation.repository.js";
import { requireUuids } from "../../observations/services/observation-input.rules.js";
import type { ConceptTree } from "../kb-concepts.js";
import { type BoxReviewRecord, BoxReviewRepository } from "../repositories/box-review.repository.js";
import { withVerifier } from "./box-value.rules.js";

/** How long an action can be undone: older ones are pruned as new ones are recorded. */
export const UNDO_WINDOW_MILLIS = 24 * 60 * 60 * 1000;

export type BoxReviewKind = "RELABEL" | "VERIFY" | "DELETE";

/** An association as it was before a review action changed or deleted it. */
interface SavedAssociation {
  uuid: string;
  observationUuid: string;
  linkName: string;
  toConcept: string | null;
  linkValue: string | null;
  mimeType: string;
}

interface SavedConcept {
  uuid: string;
  concept: string | null;
}

/**
 * Review of many boxes at once (a Largo-style grid): relabel their observations, verify them,
 * delete them. Each action is one transaction over the listed boxes, all of which must be
 * indexed boxes (else NOT_FOUND, nothing changed), and is recorded with what it changed as it
 * was, so undo puts it back. The writes go through the observation and association
 * repositories, so change events (and whatever else those record) follow as for any write.
 */
export class BoxReviewService {
  constructor(
    private readonly storage: DomainStorage,
    /** The kb, which a relabel's concept must be in; unset, the concept is taken as given (as every annotation write does). */
    private readonly kb?: ConceptTree,
  ) {}

  async relabel(
    uuids: readonly string[],
    concept: string | undefined,
    actor: string,
  ): Promise<BoxReviewRecord> {
    const boxes = requireUuids(uuids, "association_uuids");
    const name = checkLength(requireText(concept, "concept").trim(), 256, "concept");
    if (this.kb && (await this.kb.taxa(name)) === undefined) {
      throw DomainError.invalidArgument("UNKNOWN_CONCEPT", `The kb has no concept named ${name}`, {
        field: "concept",
      });
    }
    return this.act("RELABEL", boxes, actor, async (manager, owned) => {
      const observations = new ObservationRepository(manager);
      const before = await observations.listByUuids([...new Set(owned.map((row) => row.observationUuid))]);
      const saved: SavedConcept[] = before.map((row) => ({ uuid: row.uuid, concept: row.concept }));
      await observations.updateMany(
        saved.map((row) => row.uuid),
        { concept: name },
        Instant.now(),
      );
      return { changed: saved.length, previous: saved };
    });
  }

  async verify(uuids: readonly string[], actor: string): Promise<BoxReviewRecord> {
    const boxes = requireUuids(uuids, "association_uuids");
    return this.act("VERIFY", boxes, actor, async (manager, owned) => {
      await new AssociationRepository(manager).overwriteEach(
        owned.map((row) => ({ ...overwriteOf(row), linkValue: withVerifier(row.linkValue, actor) })),
        Instant.now(),
      );
      return { changed: owned.length, previous: owned };
    });
  }

  async delete(uuids: readonly string[], actor: string): Promise<BoxReviewRecord> {
    const boxes = requireUuids(uuids, "association_uuids");
    return this.act("DELETE", boxes, actor, async (manager, owned) => ({
      changed: await new AssociationRepository(manager).deleteMany(owned.map((row) => row.uuid)),
      previous: owned,
    }));
  }

  /** Puts back what the action changed, once; what was deleted since (an observation) stays deleted. */
  async undo(uuid: string | undefined): Promise<BoxReviewRecord> {
    const id = requireUuid(uuid, "uuid");
    return this.storage.transaction(async (manager) => {
      const actions = new BoxReviewRepository(manager);
      const action = await actions.find(id);
      if (!action)
        throw DomainError.notFound(`No box review action ${id} (actions are kept a day)`, { uuid: id });
      if (action.undoneMillis !== null || !(await actions.markUndone(id, Date.now()))) {
        throw DomainError.failedPrecondition("ALREADY_UNDONE", `Box review action ${id} was undone already`);
      }
      await putBack(manager, action);
      return (await actions.find(id)) as BoxReviewRecord;
    });
  }

  private act(
    kind: BoxReviewKind,
    uuids: string[],
    actor: string,
    change: (
      manager: EntityManager,
      owned: SavedAssociation[],
    ) => Promise<{ changed: number; previous: readonly unknown[] }>,
  ): Promise<BoxReviewRecord> {
    return this.storage.transaction(async (manager) => {
      const reviews = new BoxReviewRepository(manager);
      const indexed = await reviews.indexedBoxes(uuids);
      const unknown = uuids.filter((uuid) => !indexed.has(uuid));
      if (unknown.length > 0) {
        throw DomainError.notFound(
          `${unknown.length} of the ${uuids.length} association UUIDs are not boxes: ${unknown.slice(0, 5).join(", ")}${unknown.length > 5 ? ", …" : ""}`,
          { unknown: unknown.slice(0, 100).join(",") },
        );
      }
      const owned = (await new AssociationRepository(manager).listOwned(uuids)).map(({ association }) =>
        savedOf(association),
      );
      const { changed, previous } = await change(manager, owned);
      const now = Date.now();
      const action: BoxReviewRecord = {
        uuid: uuidV7(now),
        kind,
        actor,
        associationUuids: uuids,
        changed,
        previous: JSON.stringify(previous),
        doneMillis: now,
        undoneMillis: null,
      };
      await reviews.record(action, now - UNDO_WINDOW_MILLIS);
      return action;
    });
  }
}

function savedOf(association: AssociationEntity): SavedAssociation {
  return {
    uuid: association.uuid,
    observationUuid: association.observationUuid,
    linkName: association.linkName,
    toConcept: association.toConcept,
    linkValue: association.linkValue,
    mimeType: association.mimeType,
  };
}

/** The overwrite that writes a saved association's link fields back as they were. */
function overwriteOf(saved: SavedAssociation) {
  return {
    uuid: saved.uuid,
    linkName: saved.linkName,
    // The overwrite writes each field as given: a NULL to-concept stays NULL.
    toConcept: saved.toConcept as string,
    linkValue: saved.linkValue as string,
    mimeType: saved.mimeType,
  };
}

async function putBack(manager: EntityManager, action: BoxReviewRecord): Promise<void> {
  const now = Instant.now();
  if (action.kind === "RELABEL") {
    const observations = new ObservationRepository(manager);
    const saved = JSON.parse(action.previous) as SavedConcept[];
    const byConcept = new Map<string | null, string[]>();
    for (const row of saved) byConcept.set(row.concept, [...(byConcept.get(row.concept) ?? []), row.uuid]);
    for (const [concept, uuids] of byConcept) await observations.updateMany(uuids, { concept }, now);
    return;
  }
  const saved = JSON.parse(action.previous) as SavedAssociation[];
  const associations = new AssociationRepository(manager);
  if (action.kind === "VERIFY") {
    const present = new Set(
      (await associations.listOwned(saved.map((row) => row.uuid))).map((row) => row.association.uuid),
    );
    await associations.overwriteEach(saved.filter((row) => present.has(row.uuid)).map(overwriteOf), now);
    return;
  }
  const observations = new Set(
    (await new ObservationRepository(manager).listByUuids(saved.map((row) => row.observationUuid))).map(
      (row) => row.uuid,
    ),
  );
  const present = new Set(
    (await associations.listOwned(saved.map((row) => row.uuid))).map((row) => row.association.uuid),
  );
  await associations.insertMany(
    saved
      .filter((row) => observations.has(row.observationUuid) && !present.has(row.uuid))
      .map((row) => Object.assign(new AssociationEntity(), { ...row, lastUpdatedTime: now })),
  );
}
