import type { EntityManager } from "typeorm";
import type { Page } from "../../../kit/sql/page.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ImagedMomentStore } from "../../contracts/imaged-moment-store.js";
import type { ObservationGraph } from "../../contracts/observation-store.js";
import { type ObservationChanges, ObservationRepository } from "../repositories/observation.repository.js";
import { withAssociations } from "./observation.store.js";
import { notFound } from "./observation-errors.js";
import {
  checkObservationFields,
  checkPage,
  definedOnly,
  type ObservationFields,
  requireUuid,
  requireUuids,
} from "./observation-input.rules.js";

export interface ObservationUpdate extends ObservationFields {
  observationTimestamp?: Instant;
  imagedMomentUuid?: string;
}

export interface ObservationsUpdate extends Omit<ObservationFields, "durationMillis"> {
  observationUuids: readonly string[];
}

/** Observations one at a time or many at once; creates go through annotations. */
export class ObservationService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly moments: ImagedMomentStore,
  ) {}

  async get(uuid: string): Promise<ObservationGraph> {
    const id = requireUuid(uuid, "uuid");
    return this.storage.read((manager) => loadObservation(manager, id));
  }

  async getByAssociation(associationUuid: string): Promise<ObservationGraph> {
    const id = requireUuid(associationUuid, "association_uuid");
    return this.storage.read(async (manager) => {
      const observation = await new ObservationRepository(manager).findByAssociation(id);
      if (!observation) throw notFound("Association", id);
      const [graph] = await withAssociations(manager, [observation]);
      if (!graph) throw notFound("Association", id);
      return graph;
    });
  }

  async listByVideoReference(videoReferenceUuid: string, page: Page): Promise<ObservationGraph[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const slice = checkPage(page);
    return this.storage.read(async (manager) =>
      withAssociations(manager, await new ObservationRepository(manager).listByVideoReference(video, slice)),
    );
  }

  /** Applies the fields given; the observation timestamp is always set (now when absent). */
  async update(uuid: string, input: ObservationUpdate): Promise<ObservationGraph> {
    const id = requireUuid(uuid, "uuid");
    const changes: ObservationChanges = {
      ...checkObservationFields(input),
      observationTimestamp: input.observationTimestamp ?? Instant.now(),
      imagedMomentUuid:
        input.imagedMomentUuid === undefined
          ? undefined
          : requireUuid(input.imagedMomentUuid, "imaged_moment_uuid"),
    };
    return this.storage.transaction(async (manager) => {
      const observations = new ObservationRepository(manager);
      if (!(await observations.findByUuid(id))) throw notFound("Observation", id);
      if (changes.imagedMomentUuid !== undefined) {
        const [target] = await this.moments.loadMoments(manager, [changes.imagedMomentUuid]);
        if (!target) throw notFound("ImagedMoment", changes.imagedMomentUuid);
      }
      await observations.update(id, definedOnly(changes), Instant.now());
      return loadObservation(manager, id);
    });
  }

  /** Sets the same fields on many observations; returns how many of them exist (0 when no field is given). */
  async updateMany(input: ObservationsUpdate): Promise<number> {
    const uuids = requireUuids(input.observationUuids, "observation_uuids");
    const changes = definedOnly(checkObservationFields(input));
    if (Object.keys(changes).length === 0) return 0;
    return this.storage.transaction(async (manager) => {
      const observations = new ObservationRepository(manager);
      const existing = await observations.listByUuids(uuids);
      await observations.updateMany(
        existing.map((observation) => observation.uuid),
        changes,
        Instant.now(),
      );
      return existing.length;
    });
  }

  async deleteDuration(uuid: string): Promise<ObservationGraph> {
    const id = requireUuid(uuid, "uuid");
    return this.storage.transaction(async (manager) => {
      const observations = new ObservationRepository(manager);
      if (!(await observations.findByUuid(id))) throw notFound("Observation", id);
      await observations.clearDuration(id, Instant.now());
      return loadObservation(manager, id);
    });
  }

  /** Deletes the observation, and its imaged moment when left without observations and images. */
  async delete(uuid: string): Promise<void> {
    const id = requireUuid(uuid, "uuid");
    await this.storage.transaction(async (manager) => {
      if (!(await new ObservationRepository(manager).findByUuid(id))) throw notFound("Observation", id);
      await this.deleteWithEmptyMoments(manager, [id]);
    });
  }

  /** Deletes the observations as delete does; unknown UUIDs are ignored, an empty list is refused. */
  async deleteMany(uuids: readonly string[]): Promise<void> {
    const ids = requireUuids(uuids, "uuids");
    await this.storage.transaction((manager) => this.deleteWithEmptyMoments(manager, ids));
  }

  private async deleteWithEmptyMoments(manager: EntityManager, uuids: readonly string[]): Promise<void> {
    const moments = await new ObservationRepository(manager).deleteMany(uuids);
    await this.moments.deleteIfEmpty(manager, moments);
  }
}

async function loadObservation(manager: EntityManager, uuid: string): Promise<ObservationGraph> {
  const observation = await new ObservationRepository(manager).findByUuid(uuid);
  const [graph] = observation ? await withAssociations(manager, [observation]) : [];
  if (!graph) throw notFound("Observation", uuid);
  return graph;
}
