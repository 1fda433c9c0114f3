import type { Box, BoxReviewAction } from "../../../../proto/gen/m3/annotation/v1/box_service.js";
import { Instant } from "../../../kit/time/instant.js";
import type { BoxRow } from "../repositories/box-query.repository.js";
import type { BoxReviewRecord } from "../repositories/box-review.repository.js";

const optional = <T>(value: T | null): T | undefined => value ?? undefined;

export function toBox(row: BoxRow): Box {
  return {
    associationUuid: row.associationUuid,
    observationUuid: row.observationUuid,
    imagedMomentUuid: row.imagedMomentUuid,
    videoReferenceUuid: row.videoReferenceUuid,
    concept: optional(row.concept),
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    generator: optional(row.generator),
    verifier: optional(row.verifier),
    imageReferenceUuid: optional(row.imageReferenceUuid),
    imageUrl: optional(row.imageUrl),
    imageWidthPixels: optional(row.imageWidthPixels),
    imageHeightPixels: optional(row.imageHeightPixels),
    elapsedTimeMillis: optional(row.elapsedTimeMillis),
    recordedTimestamp: row.recordedTimestamp?.toTimestamp(),
  };
}

export function toBoxReviewAction(action: BoxReviewRecord): BoxReviewAction {
  return {
    uuid: action.uuid,
    kind: action.kind,
    actor: action.actor,
    associationUuids: action.associationUuids,
    changed: action.changed,
    doneTimestamp: Instant.ofEpochMillis(action.doneMillis).toTimestamp(),
    undoneTimestamp:
      action.undoneMillis === null ? undefined : Instant.ofEpochMillis(action.undoneMillis).toTimestamp(),
  };
}
