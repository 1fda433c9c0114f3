import type { QueryConstraints } from "../../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import type {
  FastQueryServiceService,
  QueryFastAnnotationsResponse,
} from "../../../../proto/gen/m3/annotation/v1/fast_query_service.js";
import type { Annotation } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { ServiceHandlers } from "../../../kit/grpc/bind-service.js";
import { instantOf, toImage } from "../../shared/resources.mapper.js";
import type { AnnotationSlices } from "../repositories/fast-annotation.stream.js";
import type { FastAnnotationService } from "../services/fast-annotation.service.js";
import type { FastMediaService } from "../services/fast-media.service.js";
import { toFastAnnotation, toFastAnnotations } from "./fast.mapper.js";

export interface FastServices {
  annotations: FastAnnotationService;
  media: FastMediaService;
}

export function fastQueryHandlers(services: FastServices): ServiceHandlers<typeof FastQueryServiceService> {
  const { annotations, media } = services;
  return {
    listFastAnnotations: (r, ctx) => streamed(annotations.all(r, ctx.signal), r.data),
    queryFastAnnotations: (r, ctx) =>
      streamedWithConstraints(annotations.query(r.constraints, ctx.signal), r.constraints),
    countFastAnnotationsByConstraints: async (r) => ({
      queryConstraints: r.constraints,
      content: { count: await annotations.count(r.constraints) },
    }),
    getFastGeographicRange: async (r) => ({
      queryConstraints: r.constraints,
      content: await annotations.geographicRange(r.constraints),
    }),
    countFastAnnotations: async () => ({ count: await annotations.countAll() }),
    listFastAnnotationsByVideoReference: (r, ctx) =>
      streamed(annotations.byVideo(r.videoReferenceUuid, r, ctx.signal), r.data),
    listFastImagesByVideoReference: async (r) => ({
      images: (await media.imagesOfVideo(r.videoReferenceUuid, r.limit, r.offset)).map(({ image, moment }) =>
        toImage(image, moment),
      ),
    }),
    countFastImagesByVideoReference: async (r) => ({
      count: await media.countImagesOfVideo(r.videoReferenceUuid),
    }),
    listFastAnnotationsByConcept: (r, ctx) =>
      streamed(annotations.byConcept(r.concept, false, r, ctx.signal), r.data),
    listFastAnnotationsWithImagesByConcept: (r, ctx) =>
      streamed(annotations.byConcept(r.concept, true, r, ctx.signal), r.data),
    listFastAnnotationsWithImagesByToConcept: (r, ctx) =>
      streamed(annotations.withImagesByToConcept(r.toConcept, r, ctx.signal), r.data),
    listFastImagedMomentUuidsByConcept: async (r) => ({
      uuids: await media.momentsWithImagesByConcept(r.concept, r.limit, r.offset),
    }),
    listFastImagedMomentUuidsByToConcept: async (r) => ({
      uuids: await media.momentsWithImagesByToConcept(r.toConcept, r.limit, r.offset),
    }),
    listFastAnnotationsByLinkDetails: (r, ctx) =>
      streamed(annotations.byLinkDetails(r.linkName, r.linkValue, r.data, ctx.signal), r.data),
    listFastConcurrentAnnotations: (r, ctx) => {
      const input = {
        startTimestamp: instantOf(r.startTimestamp, "start_timestamp"),
        endTimestamp: instantOf(r.endTimestamp, "end_timestamp"),
        videoReferenceUuids: r.videoReferenceUuids,
      };
      return streamed(annotations.concurrent(input, r, ctx.signal), r.data);
    },
    listFastMultiAnnotations: (r, ctx) =>
      streamed(annotations.multi(r.videoReferenceUuids, r, ctx.signal), r.data),
    deleteFastAnnotationsByVideoReference: async (r) => {
      const result = await media.deleteVideo(r.videoReferenceUuid);
      return {
        videoReferenceUuid: result.videoReferenceUuid,
        ancillaryDataCount: result.ancillaryData,
        imageReferenceCount: result.imageReferences,
        associationCount: result.associations,
        observationCount: result.observations,
        imagedMomentCount: result.imagedMoments,
        errorMessage: result.errorMessage,
      };
    },
  };
}

/** Each slice of annotations as one streamed message, rendered as it is read. */
async function* streamed(
  slices: AnnotationSlices,
  withData: boolean,
): AsyncGenerator<{ annotations: Annotation[] }> {
  for await (const slice of slices) yield toFastAnnotations(slice, withData);
}

/**
 * Each slice as one message; the first echoes the constraints (the gateway writes them once,
 * around the list), and a result without annotations is that message alone.
 */
async function* streamedWithConstraints(
  slices: AnnotationSlices,
  constraints: QueryConstraints | undefined,
): AsyncGenerator<QueryFastAnnotationsResponse> {
  const withData = constraints?.data ?? false;
  let first = true;
  for await (const slice of slices) {
    const content = slice.map((graph) => toFastAnnotation(graph, withData));
    yield { queryConstraints: first ? constraints : undefined, content };
    first = false;
  }
  if (first) yield { queryConstraints: constraints, content: [] };
}
