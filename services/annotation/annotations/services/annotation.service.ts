import type { EntityManager } from "typeorm";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  AnnotationReadRepository,
  type ObservationPlace,
} from "../repositories/annotation-read.repository.js";
import { VideoAnnotationRepository } from "../repositories/video-annotation.repository.js";
import {
  type AnnotationGraph,
  type AnnotationStores,
  joinAnnotations,
  loadAnnotations,
} from "./annotation-graphs.js";
import { pageOf, requireFields, requireUuid, requireUuids } from "./annotation-input.rules.js";

export interface ConcurrentCountInput {
  startTimestamp?: Instant;
  endTimestamp?: Instant;
  videoReferenceUuids: readonly string[];
}

/** Annotation reads and counts. */
export class AnnotationService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly stores: AnnotationStores,
  ) {}

  async get(observationUuid: string): Promise<AnnotationGraph> {
    const uuid = requireUuid(observationUuid, "observation_uuid");
    return this.storage.read(async (manager) => {
      const place = await new AnnotationReadRepository(manager).placeOfObservation(uuid);
      return this.one(manager, place);
    });
  }

  async getByAssociation(associationUuid: string): Promise<AnnotationGraph> {
    const uuid = requireUuid(associationUuid, "association_uuid");
    return this.storage.read(async (manager) => {
      const place = await new AnnotationReadRepository(manager).placeOfAssociation(uuid);
      return this.one(manager, place);
    });
  }

  /** Every annotation of the image's imaged moment; none for an unknown image. */
  async listByImageReference(imageReferenceUuid: string): Promise<AnnotationGraph[]> {
    const uuid = requireUuid(imageReferenceUuid, "image_reference_uuid");
    return this.storage.read(async (manager) => {
      const moment = await new AnnotationReadRepository(manager).momentOfImage(uuid);
      return moment ? loadAnnotations(manager, this.stores, [moment]) : [];
    });
  }

  /** A page of the video's annotations, ordered by observation UUID. */
  async listByVideoReference(
    videoReferenceUuid: string,
    limit?: number,
    offset?: number,
  ): Promise<AnnotationGraph[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const page = pageOf(limit, offset);
    return this.storage.read(async (manager) => {
      if (page.limit === undefined && page.offset === 0) {
        const { moments, observations } = await new VideoAnnotationRepository(manager).read(video);
        return joinAnnotations(moments, observations);
      }
      const places = await new AnnotationReadRepository(manager).pageOfVideo(video, page);
      const only = new Set(places.map((place) => place.observationUuid));
      return loadAnnotations(
        manager,
        this.stores,
        places.map((place) => place.imagedMomentUuid),
        only,
      );
    });
  }

  /** Observations of the videos whose imaged moment was recorded between the instants (inclusive). */
  async countConcurrent(input: ConcurrentCountInput): Promise<number> {
    requireFields({ start_timestamp: input.startTimestamp, end_timestamp: input.endTimestamp });
    const videos = checkVideos(input.videoReferenceUuids);
    const range: [Instant, Instant] = [input.startTimestamp as Instant, input.endTimestamp as Instant];
    return this.storage.read((manager) => new AnnotationReadRepository(manager).countByVideos(videos, range));
  }

  async countMulti(videoReferenceUuids: readonly string[]): Promise<number> {
    const videos = checkVideos(videoReferenceUuids);
    return this.storage.read((manager) => new AnnotationReadRepository(manager).countByVideos(videos));
  }

  private async one(manager: EntityManager, place: ObservationPlace | undefined): Promise<AnnotationGraph> {
    if (!place) throw annotationNotFound();
    const [annotation] = await loadAnnotations(
      manager,
      this.stores,
      [place.imagedMomentUuid],
      new Set([place.observationUuid]),
    );
    if (!annotation) throw annotationNotFound();
    return annotation;
  }
}

function checkVideos(videoReferenceUuids: readonly string[]): string[] {
  if (videoReferenceUuids.length === 0) requireFields({ video_reference_uuids: undefined });
  return requireUuids(videoReferenceUuids, "video_reference_uuids");
}

export function annotationNotFound(): DomainError {
  return DomainError.notFound("Not found", { kind: "Annotation" });
}
