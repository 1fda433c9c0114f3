import type { ObservationServiceService } from "../../../../proto/gen/m3/annotation/v1/observation_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { instantOf, toObservation } from "../../shared/resources.mapper.js";
import type { ObservationService } from "../services/observation.service.js";
import type { ObservationQueryService } from "../services/observation-query.service.js";
import { toConceptCount, toCountForVideoReference, toRenameCount } from "./count.mapper.js";

export function observationHandlers(
  observations: ObservationService,
  queries: ObservationQueryService,
): UnaryHandlers<typeof ObservationServiceService> {
  return {
    getObservation: async (request) => toObservation(await observations.get(request.uuid)),
    getObservationByAssociation: async (request) =>
      toObservation(await observations.getByAssociation(request.associationUuid)),
    listObservationsByVideoReference: async (request) => ({
      observations: (
        await observations.listByVideoReference(request.videoReferenceUuid, {
          limit: request.limit,
          offset: request.offset,
        })
      ).map(toObservation),
    }),
    listActivities: async () => ({ values: await queries.listActivities() }),
    listGroups: async () => ({ values: await queries.listGroups() }),
    listConcepts: async () => ({ values: await queries.listConcepts() }),
    listConceptsByVideoReference: async (request) => ({
      values: await queries.listConceptsByVideoReference(request.videoReferenceUuid),
    }),
    countObservationsByConcept: async (request) =>
      toConceptCount(await queries.countByConcept(request.concept)),
    countImagedObservationsByConcept: async (request) =>
      toConceptCount(await queries.countWithImagesByConcept(request.concept)),
    countObservationsByVideoReference: async (request) =>
      toCountForVideoReference(
        await queries.countByVideoReference(
          request.videoReferenceUuid,
          instantOf(request.start, "start"),
          instantOf(request.end, "end"),
        ),
      ),
    listObservationCounts: async () => ({
      counts: (await queries.countsPerVideoReference()).map(toCountForVideoReference),
    }),
    renameObservationConcept: async (request) =>
      toRenameCount(await queries.renameConcept(request.old, request.new)),
    updateObservation: async (request) =>
      toObservation(
        await observations.update(request.uuid, {
          concept: request.concept,
          observer: request.observer,
          activity: request.activity,
          group: request.group,
          durationMillis: request.durationMillis,
          observationTimestamp: instantOf(request.observationTimestamp, "observation_timestamp"),
          imagedMomentUuid: request.imagedMomentUuid,
        }),
      ),
    updateObservations: async (request) => ({ count: await observations.updateMany(request) }),
    deleteObservationDuration: async (request) =>
      toObservation(await observations.deleteDuration(request.uuid)),
    deleteObservation: async (request) => {
      await observations.delete(request.uuid);
      return {};
    },
    deleteObservations: async (request) => {
      await observations.deleteMany(request.uuids);
      return {};
    },
  };
}
