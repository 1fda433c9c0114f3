import type { ImagedMomentServiceService } from "../../../../proto/gen/m3/annotation/v1/imaged_moment_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { instantOf } from "../../shared/resources.mapper.js";
import type { ImagedMomentQueryService } from "../services/imaged-moment-query.service.js";
import type { ImagedMomentWriteService } from "../services/imaged-moment-write.service.js";
import { pageOf } from "../services/moment-input.rules.js";
import { toMoment, toMoments } from "./moments.mapper.js";

export function imagedMomentHandlers(
  query: ImagedMomentQueryService,
  write: ImagedMomentWriteService,
): UnaryHandlers<typeof ImagedMomentServiceService> {
  return {
    listImagedMoments: async (r) => toMoments(await query.list(pageOf(r.limit, r.offset))),
    getImagedMoment: async (r) => toMoment(await query.get(r.uuid)),
    countImagedMoments: async () => ({ count: await query.countAll() }),
    listImagedMomentsWithImages: async (r) =>
      toMoments(await query.listWithImages(pageOf(r.limit, r.offset))),
    countImagedMomentsWithImages: async () => ({ count: await query.countWithImages() }),
    countImagedMomentsWithImagesByVideoReference: async (r) => ({
      count: await query.countWithImages(r.videoReferenceUuid),
    }),
    listImagedMomentsByLinkName: async (r) =>
      toMoments(await query.listByLinkName(r.linkName, pageOf(r.limit, r.offset))),
    countImagedMomentsByLinkName: async (r) => ({ count: await query.countByLinkName(r.linkName) }),
    listImagedMomentsByConcept: async (r) =>
      toMoments(await query.listByConcept(r.concept, false, pageOf(r.limit, r.offset))),
    listImagedMomentsByConceptWithImages: async (r) =>
      toMoments(await query.listByConcept(r.concept, true, pageOf(r.limit, r.offset))),
    countImagedMomentsByConcept: async (r) => ({
      concept: r.concept,
      count: await query.countByConcept(r.concept, false),
    }),
    countImagedMomentsByConceptWithImages: async (r) => ({
      concept: r.concept,
      count: await query.countByConcept(r.concept, true),
    }),
    listModifiedImagedMoments: async (r) =>
      toMoments(
        await query.listModified(
          instantOf(r.startTimestamp, "start_timestamp"),
          instantOf(r.endTimestamp, "end_timestamp"),
          pageOf(r.limit, r.offset),
        ),
      ),
    countModifiedImagedMoments: async (r) => ({
      count: await query.countModified(
        instantOf(r.startTimestamp, "start_timestamp"),
        instantOf(r.endTimestamp, "end_timestamp"),
      ),
    }),
    listImagedMomentCounts: async () => ({ counts: await query.countsPerVideo() }),
    listVideoReferenceUuids: async () => ({ uuids: await query.videoReferenceUuids() }),
    listImagedMomentsByVideoReference: async (r) => toMoments(await query.listByVideo(r.videoReferenceUuid)),
    countImagedMomentsModifiedBefore: async (r) => ({
      videoReferenceUuid: r.videoReferenceUuid,
      count: await query.countModifiedBefore(r.videoReferenceUuid, instantOf(r.timestamp, "timestamp")),
    }),
    getImagedMomentByImageReference: async (r) =>
      toMoment(await query.getByImageReference(r.imageReferenceUuid)),
    getImagedMomentByObservation: async (r) => toMoment(await query.getByObservation(r.observationUuid)),
    listImagedMomentsInWindow: async (r) =>
      toMoments(
        await query.listInWindow(
          r.videoReferenceUuids,
          r.imagedMomentUuid,
          r.windowMillis,
          pageOf(r.limit, r.offset),
        ),
      ),
    deleteImagedMomentsByVideoReference: async (r) => ({
      videoReferenceUuid: r.videoReferenceUuid,
      count: await write.deleteByVideo(r.videoReferenceUuid),
    }),
    updateImagedMoment: async (r) =>
      toMoment(
        await write.update(r.uuid, {
          timecode: r.timecode,
          elapsedTimeMillis: r.elapsedTimeMillis,
          recordedTimestamp: instantOf(r.recordedTimestamp, "recorded_timestamp"),
          videoReferenceUuid: r.videoReferenceUuid,
        }),
      ),
    updateRecordedTimestamps: async (r) =>
      toMoments(await write.retime(r.videoReferenceUuid, instantOf(r.timestamp, "timestamp"))),
    updateTapeTimes: async (r) => {
      const result = await write.updateTapeTimes(
        r.annotations.map((a, i) => ({
          observationUuid: a.observationUuid,
          recordedTimestamp: instantOf(a.recordedTimestamp, `annotations[${i}].recorded_timestamp`),
        })),
      );
      return { annotationCount: result.received, timestampsUpdated: result.updated };
    },
    moveImagedMoments: async (r) => ({
      count: await write.move(
        r.videoReferenceUuid,
        r.imagedMomentUuids,
        instantOf(r.videoReferenceStartTimestamp, "video_reference_start_timestamp"),
      ),
    }),
    deleteImagedMoment: async (r) => {
      await write.delete(r.uuid);
      return {};
    },
  };
}
