import type {
  ConceptCount,
  CountForVideoReference,
  RenameCount,
} from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { VideoCount } from "../repositories/observation-stats.repository.js";
import type { ConceptCountResult, RenameResult } from "../services/observation-query.service.js";

export function toConceptCount(result: ConceptCountResult): ConceptCount {
  return { concept: result.concept, count: result.count };
}

export function toCountForVideoReference(result: VideoCount): CountForVideoReference {
  return { videoReferenceUuid: result.videoReferenceUuid, count: result.count };
}

export function toRenameCount(result: RenameResult): RenameCount {
  return { oldConcept: result.oldConcept, newConcept: result.newConcept, count: result.count };
}
