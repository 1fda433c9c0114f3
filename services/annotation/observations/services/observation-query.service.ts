import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { ObservationStatsRepository, type VideoCount } from "../repositories/observation-stats.repository.js";
import { checkRename, MAX_LENGTH, requireText, requireUuid } from "./observation-input.rules.js";

export interface ConceptCountResult {
  concept: string;
  count: number;
}

export interface RenameResult {
  oldConcept: string;
  newConcept: string;
  count: number;
}

/** Distinct values, counts and the concept rename over all observations. */
export class ObservationQueryService {
  constructor(private readonly storage: DomainStorage) {}

  listActivities(): Promise<string[]> {
    return this.storage.read((manager) => new ObservationStatsRepository(manager).distinctValues("activity"));
  }

  listGroups(): Promise<string[]> {
    return this.storage.read((manager) => new ObservationStatsRepository(manager).distinctValues("group"));
  }

  listConcepts(): Promise<string[]> {
    return this.storage.read((manager) => new ObservationStatsRepository(manager).distinctValues("concept"));
  }

  async listConceptsByVideoReference(videoReferenceUuid: string): Promise<string[]> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    return this.storage.read((manager) =>
      new ObservationStatsRepository(manager).distinctConceptsOfVideo(video),
    );
  }

  async countByConcept(concept: string): Promise<ConceptCountResult> {
    const name = requireText(concept, "concept");
    const count = await this.storage.read((manager) =>
      new ObservationStatsRepository(manager).countByConcept(name),
    );
    return { concept: name, count };
  }

  async countWithImagesByConcept(concept: string): Promise<ConceptCountResult> {
    const name = requireText(concept, "concept");
    const count = await this.storage.read((manager) =>
      new ObservationStatsRepository(manager).countWithImagesByConcept(name),
    );
    return { concept: name, count };
  }

  /** With both start and end, only observations recorded between them (inclusive) count. */
  async countByVideoReference(
    videoReferenceUuid: string,
    start?: Instant,
    end?: Instant,
  ): Promise<VideoCount> {
    const video = requireUuid(videoReferenceUuid, "video_reference_uuid");
    const range = start && end ? { start, end } : undefined;
    const count = await this.storage.read((manager) =>
      new ObservationStatsRepository(manager).countByVideo(video, range),
    );
    return { videoReferenceUuid: video, count };
  }

  countsPerVideoReference(): Promise<VideoCount[]> {
    return this.storage.read((manager) => new ObservationStatsRepository(manager).countsPerVideo());
  }

  async renameConcept(oldConcept: string, newConcept: string): Promise<RenameResult> {
    const names = checkRename(oldConcept, newConcept, MAX_LENGTH.concept);
    const count = await this.storage.transaction((manager) =>
      new ObservationStatsRepository(manager).renameConcept(names.old, names.new, Instant.now()),
    );
    return { oldConcept: names.old, newConcept: names.new, count };
  }
}
