import { randomBytes } from "node:crypto";
import type { ObservationGraph } from "../../../services/annotation/contracts/observation-store.js";
import { AssociationEntity } from "../../../services/annotation/entities/association.entity.js";
import { ImageReferenceEntity } from "../../../services/annotation/entities/image-reference.entity.js";
import { ObservationEntity } from "../../../services/annotation/entities/observation.entity.js";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationStore } from "../../../services/annotation/observations/services/observation.store.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";

export interface SeedAssociation {
  linkName: string;
  toConcept?: string;
  linkValue?: string;
  mimeType?: string;
}

export interface SeedObservation {
  concept?: string;
  observer?: string;
  activity?: string;
  group?: string;
  durationMillis?: number;
  associations?: SeedAssociation[];
}

export interface SeedMoment {
  videoReferenceUuid: string;
  timecode?: string;
  elapsedTimeMillis?: number;
  recordedTimestamp?: Instant;
  observations: SeedObservation[];
  imageUrls?: string[];
}

export interface SeededMoment {
  imagedMomentUuid: string;
  observations: ObservationGraph[];
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString("hex")}`;
}

/** Writes one imaged moment (found or created) with observations, associations and images. */
export async function seedMoment(storage: DomainStorage, seed: SeedMoment): Promise<SeededMoment> {
  const now = Instant.now();
  return storage.transaction(async (manager) => {
    const moment = await createImagedMomentStore().findOrCreate(manager, seed);
    const graphs = seed.observations.map((input) => {
      const observation = Object.assign(new ObservationEntity(), {
        uuid: uuidV7(),
        imagedMomentUuid: moment.uuid,
        concept: input.concept ?? null,
        observer: input.observer ?? null,
        activity: input.activity ?? null,
        group: input.group ?? null,
        durationMillis: input.durationMillis ?? null,
        observationTimestamp: now,
        lastUpdatedTime: now,
      });
      const associations = (input.associations ?? []).map((link) =>
        Object.assign(new AssociationEntity(), {
          uuid: uuidV7(),
          observationUuid: observation.uuid,
          linkName: link.linkName,
          toConcept: link.toConcept ?? null,
          linkValue: link.linkValue ?? null,
          mimeType: link.mimeType ?? "text/plain",
          lastUpdatedTime: now,
        }),
      );
      return { observation, associations };
    });
    await createObservationStore().insertMany(manager, graphs);
    const images = (seed.imageUrls ?? []).map((url) =>
      Object.assign(new ImageReferenceEntity(), {
        uuid: uuidV7(),
        imagedMomentUuid: moment.uuid,
        url,
        description: null,
        format: "image/png",
        heightPixels: null,
        widthPixels: null,
        lastUpdatedTime: now,
      }),
    );
    if (images.length > 0) await manager.insert(ImageReferenceEntity, images);
    return { imagedMomentUuid: moment.uuid, observations: graphs };
  });
}

/** The first observation of a seeded moment (tests seed at least one). */
export function firstObservation(seeded: SeededMoment): ObservationGraph {
  const graph = seeded.observations[0];
  if (!graph) throw new Error("the seeded moment has no observation");
  return graph;
}
