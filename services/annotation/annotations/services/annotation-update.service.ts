import type { EntityManager } from "typeorm";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ObservationEntity } from "../../entities/observation.entity.js";
import { AnnotationReadRepository } from "../repositories/annotation-read.repository.js";
import { AnnotationWriteRepository } from "../repositories/annotation-write.repository.js";
import { checkAnnotationFields, moveKeyOf, observationTimeOf } from "./annotation.rules.js";
import { annotationNotFound } from "./annotation.service.js";
import { type AnnotationGraph, type AnnotationStores, loadAnnotations } from "./annotation-graphs.js";
import type { AnnotationUpdateInput } from "./annotation-input.js";
import { requireUuid } from "./annotation-input.rules.js";

/**
 * Changes annotations. New indices or a new video reference move the observation to the
 * imaged moment found or created from them (each index given, else the current one's);
 * the old moment stays even when emptied. The observation time is always rewritten:
 * the given one, else now.
 */
export class AnnotationUpdateService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly stores: AnnotationStores,
  ) {}

  async update(observationUuid: string, input: AnnotationUpdateInput): Promise<AnnotationGraph> {
    const uuid = requireUuid(observationUuid, "observation_uuid");
    const checked = { ...checkAnnotationFields(input), observationUuid: uuid };
    const [updated] = await this.storage.transaction((manager) => this.apply(manager, [checked]));
    if (!updated) throw annotationNotFound();
    return updated;
  }

  /** Items without an observation UUID, or naming no stored observation, are skipped. */
  async updateMany(items: readonly AnnotationUpdateInput[]): Promise<AnnotationGraph[]> {
    const checked = items.flatMap((item, index) => {
      if (item.observationUuid === undefined || item.observationUuid.trim() === "") return [];
      const label = `annotations[${index}].`;
      const observationUuid = requireUuid(item.observationUuid, `${label}observation_uuid`);
      return [{ ...checkAnnotationFields(item, label), observationUuid }];
    });
    if (checked.length === 0) return [];
    return this.storage.transaction((manager) => this.apply(manager, checked));
  }

  private async apply(
    manager: EntityManager,
    items: readonly AnnotationUpdateInput[],
  ): Promise<AnnotationGraph[]> {
    const placed = await new AnnotationReadRepository(manager).placedObservations(
      items.map((item) => item.observationUuid as string),
    );
    const byUuid = new Map(placed.map((entry) => [entry.observation.uuid, entry]));
    const now = Instant.now();
    const moves: { observation: ObservationEntity; key: MomentIndexKey }[] = [];
    const changed = new Map<string, ObservationEntity>();
    for (const item of items) {
      const entry = byUuid.get(item.observationUuid as string);
      if (!entry) continue;
      const observation = changedObservation(
        changed.get(entry.observation.uuid) ?? entry.observation,
        item,
        now,
      );
      changed.set(observation.uuid, observation);
      const key = moveKeyOf(item, entry.moment);
      if (key) moves.push({ observation, key });
    }
    const targets = await this.stores.moments.findOrCreateMany(
      manager,
      moves.map((move) => move.key),
    );
    moves.forEach((move, index) => {
      move.observation.imagedMomentUuid = targets[index]?.uuid ?? move.observation.imagedMomentUuid;
    });
    const observations = [...changed.values()];
    await new AnnotationWriteRepository(manager).updateObservations(observations, now);
    return loadAnnotations(
      manager,
      this.stores,
      observations.map((observation) => observation.imagedMomentUuid),
      new Set(changed.keys()),
    );
  }
}

function changedObservation(
  current: ObservationEntity,
  input: AnnotationUpdateInput,
  now: Instant,
): ObservationEntity {
  return {
    ...current,
    concept: input.concept ?? current.concept,
    observer: input.observer ?? current.observer,
    activity: input.activity ?? current.activity,
    group: input.group ?? current.group,
    durationMillis: input.durationMillis ?? current.durationMillis,
    observationTimestamp: observationTimeOf(input, now),
    lastUpdatedTime: now,
  };
}
