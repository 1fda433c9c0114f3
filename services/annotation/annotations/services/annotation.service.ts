import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { Instant } from "../../../kit/time/instant.js";
import {
  associationSelection,
  type GraphSelection,
  imageMomentSelection,
  observationSelection,
  videoPageSelection,
  videoSelection,
} from "../../shared/graph-selection.sql.js";
import { MomentGraphRepository } from "../../shared/moment-graph.repository.js";
import { AnnotationReadRepository } from "../repositories/annotation-read.repository.js";
import { type AnnotationGraph, annotationsInOrder } from "./annotation-graphs.js";
import { pageOf, requireFields, requireUuid, requireUuids } from "./annotation-input.rules.js";

export interface ConcurrentCountInput {
  startTimestamp?: Instant;
  endTimestamp?: Instant;
  videoReferenceUuids: readonly string[];
}

/** Annotation reads and counts. */
export class AnnotationService {
  constructor(private readonly storage: DomainStorage) {}

  async get(observationUuid: string): Promise<AnnotationGraph> {
    return this.one(observationSelection(requireUuid(observationUuid, "observation_uuid")));
  }

  async getByAssociation(associationUuid: string): Promise<AnnotationGraph> {
    return this.one(associationSelection(requireUuid(associationUuid, "association_uuid")));
  }

  /** Every annotation of the image's imaged moment; none for an unknown image. */
  async listByImageReference(imageReferenceUuid: string): Promise<AnnotationGraph[]> {
    const uuid = requireUuid(imageReferenceUuid, "image_reference_uuid");
    return this.annotations(imageMomentSelection(uuid), false);
  }

  /** A page of the video's annotations, ordered by observation UUID. */
  async listByVideoReference(
    videoReferenceUuid: string,
    limit?: number,
    offset?: number,
  ): Promise<AnnotationGraph[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const page = pageOf(limit, offset);
    const whole = page.limit === undefined && page.offset === 0;
    return this.annotations(whole ? videoSelection(video) : videoPageSelection(video, page), false);
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

  /** Lists leave the ancillary data out; single reads carry it (the extended form). */
  private annotations(selection: GraphSelection, withData: boolean): Promise<AnnotationGraph[]> {
    return this.storage.read(async (manager) => {
      const { moments, observations } = await new MomentGraphRepository(manager).read(selection, withData);
      return annotationsInOrder(moments, observations);
    });
  }

  private async one(selection: GraphSelection): Promise<AnnotationGraph> {
    const [annotation] = await this.annotations(selection, true);
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
