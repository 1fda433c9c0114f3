import type { Instant } from "../../../kit/time/instant.js";
import type { MediaView } from "../../entities/registry.views.js";
import { mediaNotFound, videoSpanConflict } from "../../shared/registry-errors.js";
import {
  checkLength,
  checkNonNegative,
  MAX_LENGTH,
  requireFields,
  requireUuid,
} from "../../shared/registry-input.rules.js";
import type { RegistryStore } from "../../shared/registry-store.js";
import { findVideo, newVideo } from "../../videos/services/video.service.js";
import { applyReferenceChanges } from "../../videos/services/video-reference.service.js";
import { mediaOf } from "./media.service.js";

export interface MoveMediaInput {
  videoName?: string;
  start?: Instant;
  durationMillis?: number;
}

/** Moves a video reference to the video of a given name (legacy PUT /media/move). */
export class MediaMoveService {
  constructor(private readonly store: RegistryStore) {}

  /**
   * Same video name: nothing changes. Unknown name: a new video in the reference's
   * sequence, and the old video is deleted when this leaves it empty. Known name: the
   * reference joins it when start and duration agree (ALREADY_EXISTS otherwise).
   */
  async move(videoReferenceUuid: string, input: MoveMediaInput): Promise<MediaView> {
    const uuid = requireUuid(videoReferenceUuid, "video_reference_uuid");
    requireFields({
      video_name: input.videoName,
      start_timestamp: input.start,
      duration_millis: input.durationMillis,
    });
    const name = checkLength(input.videoName ?? "", MAX_LENGTH.name, "video_name");
    const start = input.start as Instant;
    const durationMillis = checkNonNegative(input.durationMillis, "duration_millis") as number;
    return this.store.write(async (r) => {
      const reference = await r.references.findByUuid(uuid);
      if (!reference) throw mediaNotFound();
      const current = await findVideo(r, reference.videoUuid);
      if (current.name === name) return mediaOf(r, uuid);
      const existing = await r.videos.findByName(name);
      if (existing && (!existing.start.equals(start) || existing.durationMillis !== durationMillis)) {
        throw videoSpanConflict(name);
      }
      const target =
        existing ??
        newVideo({
          name,
          videoSequenceUuid: current.videoSequenceUuid,
          start,
          durationMillis,
          description: undefined,
        });
      if (!existing) await r.videos.insert(target);
      await applyReferenceChanges(r, reference, { videoUuid: target.uuid });
      if (!existing && (await r.videos.countReferences(current.uuid)) === 0)
        await r.videos.delete(current.uuid);
      return mediaOf(r, uuid);
    });
  }
}
