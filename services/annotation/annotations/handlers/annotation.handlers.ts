import type { AnnotationServiceService } from "../../../../proto/gen/m3/annotation/v1/annotation_service.js";
import type { Annotation } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { instantOf, toAnnotation } from "../../shared/resources.mapper.js";
import type { AnnotationService } from "../services/annotation.service.js";
import type { AnnotationCreateService } from "../services/annotation-create.service.js";
import type { AnnotationGraph } from "../services/annotation-graphs.js";
import type { AnnotationUpdateService } from "../services/annotation-update.service.js";
import { bulkInputOf, updateInputOf } from "./annotation-request.mapper.js";

export interface AnnotationPartServices {
  annotations: AnnotationService;
  creates: AnnotationCreateService;
  updates: AnnotationUpdateService;
}

/** Single reads and writes return the extended form (with ancillary data); lists leave it out. */
function extended(graph: AnnotationGraph): Annotation {
  return toAnnotation(graph.moment, graph.observation, true);
}

function plain(graphs: AnnotationGraph[]) {
  return { annotations: graphs.map((graph) => toAnnotation(graph.moment, graph.observation, false)) };
}

export function annotationHandlers(
  services: AnnotationPartServices,
): UnaryHandlers<typeof AnnotationServiceService> {
  const { annotations, creates, updates } = services;
  return {
    getAnnotation: async (request) => extended(await annotations.get(request.observationUuid)),
    getAnnotationByAssociation: async (request) =>
      extended(await annotations.getByAssociation(request.associationUuid)),
    listAnnotationsByImageReference: async (request) =>
      plain(await annotations.listByImageReference(request.imageReferenceUuid)),
    listAnnotationsByVideoReference: async (request) =>
      plain(
        await annotations.listByVideoReference(request.videoReferenceUuid, request.limit, request.offset),
      ),
    createAnnotation: async (request) => {
      const { observationUuid: _observation, imagedMomentUuid: _moment, ...fields } = request;
      return extended(await creates.create(updateInputOf(fields)));
    },
    createAnnotations: async (request) => ({
      annotations: (await creates.createMany(request.annotations.map(bulkInputOf))).map(extended),
    }),
    updateAnnotation: async (request) => {
      const { observationUuid, ...fields } = request;
      return extended(await updates.update(observationUuid, updateInputOf(fields)));
    },
    updateAnnotations: async (request) => ({
      annotations: (
        await updates.updateMany(
          request.annotations.map((message, index) => updateInputOf(message, `annotations[${index}].`)),
        )
      ).map(extended),
    }),
    countConcurrentAnnotations: async (request) => {
      const count = await annotations.countConcurrent({
        startTimestamp: instantOf(request.startTimestamp, "start_timestamp"),
        endTimestamp: instantOf(request.endTimestamp, "end_timestamp"),
        videoReferenceUuids: request.videoReferenceUuids,
      });
      return { concurrentRequest: request, count };
    },
    countMultiAnnotations: async (request) => ({
      multiRequest: request,
      count: await annotations.countMulti(request.videoReferenceUuids),
    }),
  };
}
